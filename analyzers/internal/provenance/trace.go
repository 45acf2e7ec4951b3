package provenance

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/provenance/narrowssa"
	"github.com/leasevet/leasevet/analyzers/internal/provenance/sources"
	"golang.org/x/tools/go/ssa"
)

// maxTraceDepth bounds a trace: token values are a few steps deep, and
// the bound guards against long def-use chains.
const maxTraceDepth = 24

// Trace returns the sources of expression e, written in the body of fd
// (one of the roots, possibly inside a closure of it).
func (t *Tracer) Trace(fd *ast.FuncDecl, e ast.Expr) Result {
	if src, ok := t.constantExpr(e); ok {
		return Result{Parts: []Source{src}}
	}
	t.build()
	fn := t.funcOf(fd)
	if fn == nil {
		return Result{Parts: unknown()}
	}
	v := valueForExpr(fn, e)
	if v == nil {
		return Result{Parts: unknown()}
	}
	return t.walk(func(w *walker) []Source { return w.value(v, e.Pos(), 0) })
}

// TraceFuncResult returns the sources of the first result of the function
// value e (a function literal or a named function of the package), as in
// redsync.WithGenValueFunc(f).
func (t *Tracer) TraceFuncResult(fd *ast.FuncDecl, e ast.Expr) Result {
	t.build()
	fn := t.funcOf(fd)
	if fn == nil {
		return Result{Parts: unknown()}
	}
	return t.walk(func(w *walker) []Source {
		callee := t.namedFunc(e)
		if callee == nil {
			callee = w.funcValue(valueForExpr(fn, e))
		}
		if callee == nil {
			return unknown()
		}
		return w.returns(callee, 0, e.Pos(), 0)
	})
}

// walk runs one walk with a fresh walker and returns the sources it
// finds, in source order (sources.NewResult) so that the source a message
// or fact names does not depend on map order, or Unknown when it panics:
// an odd shape never crashes the analysis.
func (t *Tracer) walk(trace func(w *walker) []Source) (res Result) {
	defer func() {
		if r := recover(); r != nil {
			res = Result{Parts: unknown()}
		}
	}()
	return sources.NewResult(trace(&walker{t: t, visiting: map[ssa.Value]bool{}}))
}

// namedFunc returns the SSA function a function name denotes (SSA keeps
// no debug reference for it).
func (t *Tracer) namedFunc(e ast.Expr) *ssa.Function {
	id := analysisutil.NameOf(e)
	if id == nil {
		return nil
	}
	obj, ok := t.info.Uses[id].(*types.Func)
	if !ok || obj.Pkg() != t.pkg || obj.Signature().Recv() != nil {
		return nil
	}
	return t.prog.SSA().Prog.FuncValue(obj)
}

// constantExpr reports a constant expression: SSA has no debug
// reference for constants, and the syntax says more about them.
func (t *Tracer) constantExpr(e ast.Expr) (Source, bool) {
	tv, ok := t.info.Types[e]
	if !ok || tv.Value == nil {
		return Source{}, false
	}
	return Source{Kind: Constant, Desc: constDesc(tv.Value), Pos: e.Pos()}, true
}

func constDesc(v constant.Value) string {
	s := v.ExactString()
	if len(s) > 40 {
		s = s[:37] + `..."`
	}
	return "the constant " + s
}

// valueForExpr finds e's value in fn or in one of its closures.
func valueForExpr(fn *ssa.Function, e ast.Expr) ssa.Value {
	if v, _ := fn.ValueForExpr(e); v != nil {
		return v
	}
	for _, anon := range fn.AnonFuncs {
		if v := valueForExpr(anon, e); v != nil {
			return v
		}
	}
	return nil
}

// maxSteps bounds the values one trace visits: a budget against
// pathological def-use graphs (fields stored from other fields, wide
// phis), past which the value is Unknown.
const maxSteps = 4000

// A walker follows one value back to its sources.
type walker struct {
	t        *Tracer
	visiting map[ssa.Value]bool
	steps    int
	// open counts, per function, the field stores of it being traced:
	// their parameters are followed to the function's call sites.
	open map[*ssa.Function]int
}

// value returns the sources of v; at is the nearest source position
// known on the way (SSA constants have none of their own).
func (w *walker) value(v ssa.Value, at token.Pos, depth int) []Source {
	w.steps++
	if depth > maxTraceDepth || w.steps > maxSteps {
		return unknown()
	}
	if w.visiting[v] {
		// A cycle (a loop's phi, a recursive helper) adds no source of
		// its own: the value is built from the cycle's other inputs.
		return nil
	}
	if p := v.Pos(); p.IsValid() {
		at = p
	}
	w.visiting[v] = true
	defer delete(w.visiting, v)
	switch v := v.(type) {
	case *ssa.Const:
		if p := w.t.prog.ConstPos(v); p.IsValid() {
			at = p
		}
		return []Source{constSource(v, at)}
	case *ssa.Phi:
		return w.union(v.Edges, at, depth)
	case *ssa.BinOp:
		return w.union([]ssa.Value{v.X, v.Y}, at, depth)
	case *ssa.Convert:
		return w.value(v.X, at, depth+1)
	case *ssa.ChangeType:
		return w.value(v.X, at, depth+1)
	case *ssa.MakeInterface:
		return w.value(v.X, at, depth+1)
	case *ssa.Slice:
		return w.value(v.X, at, depth+1)
	case *ssa.UnOp:
		return w.unop(v, at, depth)
	case *ssa.Field:
		return w.field(narrowssa.FieldOf(v.X.Type(), v.Field), depth)
	case *ssa.Call:
		return w.call(v.Common(), 0, at, depth)
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			return w.call(call.Common(), v.Index, call.Pos(), depth)
		}
	case *ssa.Alloc, *ssa.MakeSlice:
		return w.buffer(v, at, depth)
	case *ssa.Index:
		return w.value(v.X, at, depth+1) // an element of an array value has the array's sources
	case *ssa.Parameter:
		return w.param(v, depth)
	}
	return unknown() // parameters, free variables, map lookups, interface calls...
}

func (w *walker) union(vs []ssa.Value, at token.Pos, depth int) []Source {
	var out []Source
	for _, x := range vs {
		out = append(out, w.value(x, at, depth+1)...)
	}
	return out
}

func constSource(c *ssa.Const, at token.Pos) Source {
	if c.Value == nil {
		return Source{Kind: Constant, Desc: "the zero value", Pos: at}
	}
	return Source{Kind: Constant, Desc: constDesc(c.Value), Pos: at}
}

// unop follows loads of package variables, struct fields and local
// variables that escaped to the heap; negation and the like keep sources.
func (w *walker) unop(v *ssa.UnOp, at token.Pos, depth int) []Source {
	switch v.Op {
	case token.MUL:
		switch addr := v.X.(type) {
		case *ssa.Global:
			return w.global(addr, at, depth)
		case *ssa.FieldAddr:
			if call := embeddedOfCall(addr); call != nil {
				return w.value(call, at, depth+1)
			}
			return w.field(narrowssa.FieldOf(addr.X.Type(), addr.Field), depth)
		case *ssa.Alloc:
			return w.localCell(addr, at, depth)
		case *ssa.IndexAddr:
			// An element of a slice or array: strings.Fields(hdr)[1] has
			// the sources of the call's result, buf[i] those of the buffer.
			return w.value(addr.X, at, depth+1)
		}
		return unknown()
	case token.ARROW:
		return unknown() // a channel receive: whatever was sent
	}
	return w.value(v.X, at, depth+1)
}

// embeddedOfCall returns the call whose result addr reaches through
// embedded fields only, or nil: gtime.Now().Unix() calls time.Time's Unix
// on the time.Time embedded in what gtime.Now returned, which has the
// call's sources.
func embeddedOfCall(addr *ssa.FieldAddr) *ssa.Call {
	for {
		f := narrowssa.FieldOf(addr.X.Type(), addr.Field)
		if f == nil || !f.Embedded() {
			return nil
		}
		switch x := addr.X.(type) {
		case *ssa.Call:
			return x
		case *ssa.FieldAddr:
			addr = x
		default:
			return nil
		}
	}
}

// localCell returns the sources of the values stored in a local variable
// that lives in memory (captured by a closure or address-taken).
func (w *walker) localCell(a *ssa.Alloc, at token.Pos, depth int) []Source {
	var out []Source
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr == a {
				out = append(out, w.value(r.Val, r.Pos(), depth+1)...)
			}
		case *ssa.UnOp, *ssa.DebugRef:
		case *ssa.MakeClosure:
			// Captured by a closure (a watchdog goroutine comparing the
			// token): the closure's writes to it are sources too.
			src, ok := w.capturedWrites(r, a, depth)
			if !ok {
				return unknown()
			}
			out = append(out, src...)
		default:
			return unknown() // passed somewhere that may write it
		}
	}
	if len(out) == 0 {
		return unknown()
	}
	return out
}

// capturedWrites returns the sources of the values a closure stores into
// the captured variable v (one of mc's bindings); ok is false when the
// closure does anything with it other than read and write it, or passes
// it on to a closure of its own that does.
func (w *walker) capturedWrites(mc *ssa.MakeClosure, v ssa.Value, depth int) (out []Source, ok bool) {
	fn, _ := mc.Fn.(*ssa.Function)
	if fn == nil || len(fn.FreeVars) != len(mc.Bindings) {
		return nil, false
	}
	for i, b := range mc.Bindings {
		if b != v {
			continue
		}
		for _, r := range *fn.FreeVars[i].Referrers() {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr != fn.FreeVars[i] {
					return nil, false // the variable's address is stored somewhere
				}
				out = append(out, w.value(r.Val, r.Pos(), depth+1)...)
			case *ssa.UnOp, *ssa.DebugRef:
			case *ssa.MakeClosure:
				src, ok := w.capturedWrites(r, fn.FreeVars[i], depth+1)
				if !ok {
					return nil, false
				}
				out = append(out, src...)
			default:
				return nil, false
			}
		}
	}
	return out, true
}

// global classifies a load of a package variable. A variable of this
// package written only while the package initialises is the same for
// every acquisition of the process: constant when all it is set to is
// constant, otherwise a per-process identity.
func (w *walker) global(g *ssa.Global, at token.Pos, depth int) []Source {
	obj, ok := g.Object().(*types.Var)
	if !ok {
		return unknown()
	}
	if obj.Pkg() != w.t.pkg {
		return w.imported(obj, at)
	}
	if w.t.prog.Reassigned(obj) || w.t.prog.AddrTaken(obj) || !scalar(obj.Type()) {
		return unknown()
	}
	if lazy := w.t.prog.LazyWrites(obj); len(lazy) > 0 {
		return w.lazyGlobal(obj, lazy)
	}
	stores := w.globalStores(g)
	if len(stores) == 0 {
		return unknown()
	}
	var parts []Source
	for _, st := range stores {
		parts = append(parts, w.value(st.Val, st.Pos(), depth+1)...)
	}
	if (Result{Parts: parts}).Kind() == Constant {
		return parts
	}
	return []Source{{Kind: Instance, Desc: "package variable " + obj.Name() + " (set once when the package initialises)", Pos: obj.Pos()}}
}

// lazyGlobal classifies a package variable set on first use, under a
// test of its zero value or in a sync.Once (narrowssa.LazyWrites): set
// once per process whatever it is set to, it is a per-process identity,
// produced where it is set (if id == "" { id = newID() }: newID()), not
// where it is declared. Set only to constants it would be a constant,
// which is left unknown.
func (w *walker) lazyGlobal(obj *types.Var, values []ast.Expr) []Source {
	for _, v := range values {
		if tv, ok := w.t.info.Types[v]; ok && tv.Value == nil {
			return []Source{{Kind: Instance, Desc: "package variable " + obj.Name() + " (set once, on first use)", Pos: v.Pos()}}
		}
	}
	return unknown()
}

// globalStores returns the stores to g in the package initialiser and in
// the func init() declarations.
func (w *walker) globalStores(g *ssa.Global) []*ssa.Store {
	var out []*ssa.Store
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok && st.Addr == g {
					out = append(out, st)
				}
			}
		}
	}
	pkg := w.t.prog.SSA()
	visit(pkg.Func("init"))
	for i := 1; ; i++ {
		fn := pkg.Func("init#" + strconv.Itoa(i))
		if fn == nil {
			break
		}
		visit(fn)
	}
	return out
}

// scalar reports whether a value of type t is copied on use (so a package
// variable of it cannot be changed through a reference).
func scalar(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsString|types.IsInteger|types.IsBoolean) != 0
}

// field returns the sources of a struct field of this package: the values
// stored into it anywhere in the package. It is Unknown when a writer was
// not built, another package may write the field, or its address escapes.
func (w *walker) field(f *types.Var, depth int) []Source {
	if f == nil || f.Pkg() != w.t.pkg || w.t.prog.AddrTaken(f) || w.t.prog.Decoded(f) {
		return unknown()
	}
	if f.Exported() && w.t.pkg.Name() != "main" {
		return unknown() // importers may set it
	}
	for _, fd := range w.t.prog.FieldWriters(f) {
		if fd != nil && w.t.prog.Func(fd) == nil { // nil: package initialisation, always built
			return unknown()
		}
	}
	stores := w.t.prog.FieldStores(f)
	if len(stores) == 0 {
		return unknown()
	}
	var out []Source
	for _, st := range stores {
		if w.visiting[st.Val] {
			continue
		}
		w.enter(st.Parent())
		out = append(out, w.value(st.Val, st.Pos(), depth+1)...)
		w.leave(st.Parent())
	}
	if len(out) == 0 {
		return unknown()
	}
	return out
}

// imported classifies a package variable or function of another package
// from its fact, if any.
func (w *walker) imported(obj types.Object, at token.Pos) []Source {
	if w.t.Imported != nil {
		if s, ok := w.t.Imported(obj); ok {
			if !s.Pos.IsValid() {
				s.Pos = at // where this package reads it
			}
			return []Source{s}
		}
	}
	return unknown()
}

// call returns the sources of result index of a call.
func (w *walker) call(c *ssa.CallCommon, index int, at token.Pos, depth int) []Source {
	callee := c.StaticCallee()
	if callee == nil {
		return unknown() // interface methods and function values
	}
	obj, _ := callee.Object().(*types.Func)
	if obj == nil {
		if callee.Parent() != nil || len(callee.Blocks) > 0 {
			return w.returns(callee, index, at, depth) // a closure called in place
		}
		return unknown()
	}
	name := analysisutil.FuncName(obj)
	desc := sources.ShortName(obj) + "()"
	if sources.IsTokenFunc(w.t.TokenFuncs, name) {
		return []Source{{Kind: Unique, Desc: desc, Pos: at}}
	}
	if k, ok := sources.FuncKind(name); ok {
		return []Source{{Kind: k, Desc: desc, Pos: at}}
	}
	if mode, ok := sources.Passes(name); ok {
		return w.union(passed(c, mode, callee), at, depth)
	}
	if obj.Pkg() != w.t.pkg {
		return w.imported(obj, at)
	}
	if len(callee.Blocks) == 0 {
		return unknown()
	}
	out := w.returns(callee, index, at, depth)
	for i := range out {
		// The outermost helper call wins: it is the one in the code
		// that takes the lock, where a reader looks first.
		out[i].Via, out[i].ViaDesc = at, desc
	}
	return out
}

// passed returns the arguments of c that carry a value into its result.
func passed(c *ssa.CallCommon, mode sources.PassMode, callee *ssa.Function) []ssa.Value {
	args := c.Args
	hasRecv := callee.Signature.Recv() != nil
	switch mode {
	case sources.PassRecv:
		if hasRecv && len(args) > 0 {
			return args[:1]
		}
		return nil
	case sources.PassNonRecv:
		if hasRecv && len(args) > 0 {
			return args[1:]
		}
	}
	return args
}

// returns returns the sources of result index of a function of this
// package, over all its return statements.
func (w *walker) returns(fn *ssa.Function, index int, at token.Pos, depth int) []Source {
	var out []Source
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && index < len(ret.Results) {
			out = append(out, w.value(ret.Results[index], ret.Pos(), depth+1)...)
		}
	}
	if len(out) == 0 {
		return unknown()
	}
	return out
}

// buffer returns the sources of a byte buffer or array: the values stored
// into it and the calls that fill it (crypto/rand.Read(b)). A call that
// may write it and is not known makes it Unknown.
func (w *walker) buffer(v ssa.Value, at token.Pos, depth int) []Source {
	var out []Source
	for _, r := range allReferrers(v) {
		switch r := r.(type) {
		case *ssa.Store:
			out = append(out, w.value(r.Val, r.Pos(), depth+1)...)
		case *ssa.Call:
			out = append(out, w.bufferCall(r, at)...)
		}
	}
	if len(out) == 0 {
		return unknown()
	}
	return out
}

// allReferrers returns the instructions using v, through slices and
// element addresses of it.
func allReferrers(v ssa.Value) []ssa.Instruction {
	var out []ssa.Instruction
	refs := v.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Slice:
			out = append(out, allReferrers(r)...)
		case *ssa.IndexAddr:
			out = append(out, allReferrers(r)...)
		default:
			out = append(out, r)
		}
	}
	return out
}

// bufferCall classifies a call that receives a buffer: a random fill,
// a stack header (runtime.Stack), a pure reader (formatting), or an
// unknown writer.
func (w *walker) bufferCall(call *ssa.Call, at token.Pos) []Source {
	c := call.Common()
	if readsRandReader(c) {
		return []Source{{Kind: Unique, Desc: "crypto/rand.Reader", Pos: at}}
	}
	callee := c.StaticCallee()
	if callee == nil {
		return unknown()
	}
	obj, _ := callee.Object().(*types.Func)
	if obj == nil {
		return unknown()
	}
	name := analysisutil.FuncName(obj)
	if sources.IsTokenFunc(w.t.TokenFuncs, name) {
		return []Source{{Kind: Unique, Desc: sources.ShortName(obj) + "()", Pos: at}}
	}
	if k, desc, ok := sources.BufferWriter(name); ok {
		if k != Unique && call.Pos().IsValid() {
			at = call.Pos() // where the identity is read, not the buffer
		}
		if desc == "" {
			desc = sources.ShortName(obj) + "()"
		}
		return []Source{{Kind: k, Desc: desc, Pos: at}}
	}
	if _, ok := sources.Passes(name); ok {
		return nil // reads the buffer: the value we are tracing flows out of it
	}
	return unknown()
}

// readsRandReader reports whether a call reads from crypto/rand.Reader:
// io.ReadFull(rand.Reader, b) or rand.Reader.Read(b).
func readsRandReader(c *ssa.CallCommon) bool {
	vals := append([]ssa.Value{c.Value}, c.Args...)
	for _, v := range vals {
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
			if g, ok := load.X.(*ssa.Global); ok && g.Pkg != nil && g.Pkg.Pkg.Path() == "crypto/rand" && g.Name() == "Reader" {
				return true
			}
		}
	}
	return false
}

// funcValue returns the function a function-typed value denotes.
func (w *walker) funcValue(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.Function:
		return v
	case *ssa.MakeClosure:
		fn, _ := v.Fn.(*ssa.Function)
		return fn
	case *ssa.ChangeType:
		return w.funcValue(v.X)
	}
	return nil
}
