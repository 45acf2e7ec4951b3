package summary

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/keyid"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"github.com/leasevet/leasevet/analyzers/internal/redisop"
	"golang.org/x/tools/go/analysis"
)

// A Summary is the fact exported for a function that issues Redis commands
// whose key comes from its parameters or from fields: calls of the function,
// in this package or in importing packages, count as those commands.
type Summary struct {
	Ops []redisop.SummaryOp

	src []int // per op, its index in the wrapper's Func.Ops (local summaries only; not exported)
}

func (*Summary) AFact() {}

func (s *Summary) String() string {
	var parts []string
	for _, op := range s.Ops {
		parts = append(parts, fmt.Sprintf("%s(%s)", op.Command, op.Key))
	}
	return "redis " + strings.Join(parts, " ")
}

// A Table holds the summaries of one package's functions while its model
// is built: computed here, or imported as facts.
type Table struct {
	Pass *analysis.Pass
	Env  *rediscall.Env
	Keys *keyid.Resolver

	local      map[*types.Func]*Summary
	ifaceImpls map[*types.Func]*types.Func // interface method -> its only implementation's
}

// OpsOf returns the ops of fn, resolving calls of wrappers by summaries:
// the model's walk of a function body, which summarising repeats until
// the summaries of the package's wrappers of wrappers settle.
type OpsOf func(fn *redisop.Func, summaries func(*types.Func) *Summary) []*redisop.Op

// Of returns the summary of fn: computed in this package, or
// imported as a fact.
func (m *Table) Of(fn *types.Func) *Summary {
	if fn.Pkg() == m.Pass.Pkg {
		return m.localSummaries()[fn]
	}
	var s Summary
	if m.Pass.ImportObjectFact(fn.Origin(), &s) {
		return &s
	}
	return nil
}

func (m *Table) localSummaries() map[*types.Func]*Summary {
	if m.local == nil {
		m.local = map[*types.Func]*Summary{}
	}
	return m.local
}

// SummarizeLocal computes the summaries of funcs, this package's functions. A
// wrapper may call another wrapper, so it iterates until nothing changes
// (bounded: wrapper chains are short, and recursion must terminate).
func (m *Table) SummarizeLocal(funcs []*redisop.Func, opsOf OpsOf) {
	sums := m.localSummaries()
	m.ifaceImpls = interfaceImpls(m.Pass.Pkg)
	for range 4 {
		changed := false
		for _, fn := range funcs {
			s := m.summarize(fn, opsOf)
			if !sameSummary(sums[fn.Obj], s) {
				sums[fn.Obj], changed = s, true
			}
		}
		for im, cm := range m.ifaceImpls {
			sums[im] = sums[cm]
		}
		if !changed {
			return
		}
	}
}

// interfaceImpls maps each method of an interface declared in pkg to the
// method of the interface's only implementation in pkg. Code reaches Redis
// through interfaces of its own (a Cache interface with a SetNX method,
// implemented over go-redis by an unexported type), and a call of the
// interface method then issues what the implementation's method does,
// in this package and, through its summary fact, in importing packages.
// With two implementations in the package nothing is assumed.
func interfaceImpls(pkg *types.Package) map[*types.Func]*types.Func {
	var concrete, ifaces []*types.Named
	for _, name := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || n.TypeParams().Len() > 0 {
			continue
		}
		if types.IsInterface(n) {
			ifaces = append(ifaces, n)
		} else {
			concrete = append(concrete, n)
		}
	}
	out := map[*types.Func]*types.Func{}
	for _, it := range ifaces {
		implementMethods(pkg, it.Underlying().(*types.Interface), concrete, out)
	}
	return out
}

// implementMethods records the methods of iface declared in pkg against
// those of its only implementation among concrete.
func implementMethods(pkg *types.Package, iface *types.Interface, concrete []*types.Named, out map[*types.Func]*types.Func) {
	if iface.Empty() {
		return
	}
	var impls []types.Type
	for _, n := range concrete {
		if ptr := types.NewPointer(n); types.Implements(ptr, iface) {
			impls = append(impls, ptr) // the pointer has the value's methods too
		}
	}
	if len(impls) != 1 {
		return
	}
	impl := impls[0]
	for im := range iface.Methods() {
		if im.Pkg() != pkg {
			continue
		}
		if cm, ok := lookupMethod(impl, pkg, im.Name()); ok {
			out[im] = cm
		}
	}
}

func lookupMethod(t types.Type, pkg *types.Package, name string) (*types.Func, bool) {
	obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, name)
	fn, ok := obj.(*types.Func)
	return fn, ok
}

func sameSummary(a, b *Summary) bool {
	if a == nil || b == nil {
		return a == b
	}
	return fmt.Sprint(a.Ops) == fmt.Sprint(b.Ops) && slices.Equal(a.src, b.src)
}

// summarize returns fn's summary: its ops whose key can be expressed in
// terms of its parameters, fields and constants, or nil.
func (m *Table) summarize(fn *redisop.Func, opsOf OpsOf) *Summary {
	params := paramIndexes(fn.Obj)
	tmpl := *m.Keys
	tmpl.Params = func(v *types.Var) (int, bool) {
		i, ok := params[v]
		return i, ok
	}
	var out []redisop.SummaryOp
	var src []int
	for i, op := range opsOf(fn, m.Of) {
		if s, ok := m.summaryOp(fn, op, &tmpl, params); ok {
			src = append(src, i)
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return &Summary{Ops: out, src: src}
}

func paramIndexes(fn *types.Func) map[*types.Var]int {
	params := map[*types.Var]int{}
	for i := range fn.Signature().Params().Len() {
		params[fn.Signature().Params().At(i)] = i
	}
	return params
}

func (m *Table) summaryOp(fn *redisop.Func, op *redisop.Op, tmpl *keyid.Resolver, params map[*types.Var]int) (redisop.SummaryOp, bool) {
	if !summarised(op.Kind) {
		return redisop.SummaryOp{}, false
	}
	key := op.Identity
	if op.Via == nil {
		key = tmpl.Of(op.Key)
		if op.Key == nil {
			key = m.spreadKeys(fn, op, params)
		}
	} else {
		key = viaTemplate(op, tmpl) // a wrapper of a wrapper: re-express in this function's parameters
	}
	keys := -1
	if !key.Known() && op.Via == nil && op.Script != nil {
		if keys = paramOf(op.Script.KeysExpr, params, m); keys >= 0 {
			key = keyid.PlaceholderOf(keys) // rdb.EvalSha(ctx, sha, keys, args...)
		}
	}
	if !key.Known() {
		return redisop.SummaryOp{}, false
	}
	s := redisop.SummaryOp{
		Kind: op.Kind, Command: op.Command, Key: key, TTLIs: op.TTLIs, NX: op.NX,
		Value: paramOf(op.Value, params, m), Match: paramOf(op.Match, params, m), TTL: paramOf(op.TTL, params, m),
		Owner: redisop.IsOwnerChecked(op), Where: analysisutil.Where(m.Pass.Fset, op.Pos()), Wrapper: fn.Name(),
		Script: -1, Keys: keys, Returns: m.returnsReply(op),
	}
	if op.Via == nil && op.Script != nil && op.Lua == nil {
		s.Script, s.ScriptSha = paramOf(op.Script.Script, params, m), op.Script.Sha
	}
	if op.Via != nil {
		s.Where, s.Wrapper, s.Owner = op.Via.Where, op.Via.Wrapper, op.Via.Owner
		s.Script, s.ScriptSha, s.Keys, s.Returns = -1, false, -1, false
	}
	return s, true
}

// returnsReply reports whether op's reply, read or not, is what its
// function returns (return rdb.EvalSha(...).Result()).
func (m *Table) returnsReply(op *redisop.Op) bool {
	_, ok := op.Reply.Parent.(*ast.ReturnStmt)
	return ok && op.Reply.ErrOnly == ""
}

// spreadKeys returns the template of a command whose keys are the
// wrapper's own variadic parameter passed on whole (func Del(ctx, keys
// ...string) { rdb.Del(ctx, keys...) }): a call Del(ctx, k) sends DEL k.
// The template names the parameter, so at a call the first key passed
// stands for the command's key; a call that spreads a slice has none.
func (m *Table) spreadKeys(fn *redisop.Func, op *redisop.Op, params map[*types.Var]int) keyid.ID {
	sig := fn.Obj.Signature()
	n := len(op.Expr.Args)
	if op.Kind != rediscall.Delete || !sig.Variadic() || !op.Expr.Ellipsis.IsValid() || n == 0 {
		return keyid.ID{}
	}
	id, ok := ast.Unparen(op.Expr.Args[n-1]).(*ast.Ident)
	if !ok {
		return keyid.ID{}
	}
	v, _ := m.Pass.TypesInfo.Uses[id].(*types.Var)
	if i, ok := params[v]; ok && i == sig.Params().Len()-1 {
		return keyid.PlaceholderOf(i)
	}
	return keyid.ID{}
}

func summarised(k rediscall.Kind) bool {
	switch k {
	case rediscall.Acquire, rediscall.Set, rediscall.Get, rediscall.Delete, rediscall.Expire,
		rediscall.Script, rediscall.CondDelete, rediscall.CondSet:
		return true
	}
	return false
}

// paramOf returns the index of the parameter e denotes, or -1.
func paramOf(e ast.Expr, params map[*types.Var]int, m *Table) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || e == nil {
		return -1
	}
	v, ok := m.Pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return -1
	}
	if i, ok := params[v]; ok {
		return i
	}
	return -1
}

// Instantiate returns the command that s, one command of a wrapper's
// summary, sends at the wrapper's call: the call with the caller's
// arguments substituted, and the identity of its key. It returns false
// when the key cannot be expressed in the caller's terms.
func (m *Table) Instantiate(call *ast.CallExpr, s *redisop.SummaryOp) (*rediscall.Call, keyid.ID, bool) {
	if call.Ellipsis.IsValid() {
		return nil, keyid.ID{}, false
	}
	args := make([]keyid.ID, len(call.Args))
	for i, a := range call.Args {
		args[i] = m.Keys.Of(a)
	}
	var keys []ast.Expr
	if s.Keys >= 0 && s.Keys < len(call.Args) {
		keys = m.Env.SliceElems(call.Args[s.Keys]) // []string{l.key}: KEYS[1] is l.key
		args[s.Keys] = keyid.ID{}
		if len(keys) > 0 {
			args[s.Keys] = m.Keys.Of(keys[0])
		}
	}
	key, ok := s.Key.Substitute(args)
	if !ok {
		return nil, keyid.ID{}, false
	}
	c := &rediscall.Call{Expr: call, Kind: s.Kind, Command: s.Command, NX: s.NX, TTLIs: s.TTLIs,
		Method: calleeName(call)}
	c.Value, c.Match, c.TTL = argAt(call, s.Value), argAt(call, s.Match), argAt(call, s.TTL)
	c.Key = keyArg(call, s.Key) // for messages: the caller's own key expression
	if keys != nil {
		c.Key, c.Keys = keys[0], keys
	}
	if s.Script >= 0 {
		src, known := m.Env.ScriptArg(argAt(call, s.Script), s.ScriptSha)
		c.Script = &rediscall.ScriptCall{Source: src, Known: known}
	}
	if c.TTL != nil {
		c.TTLIs = m.Env.TTLOf(c.TTL, false)
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		c.Client = sel.X
	}
	return c, key, true
}

// viaTemplate returns the key template of an op issued through a wrapper,
// with the wrapper's placeholders replaced by the template identities of
// the arguments at the call, or unknown when one cannot be expressed.
func viaTemplate(op *redisop.Op, tmpl *keyid.Resolver) keyid.ID {
	if op.Expr.Ellipsis.IsValid() {
		return keyid.ID{}
	}
	args := make([]keyid.ID, len(op.Expr.Args))
	for i, a := range op.Expr.Args {
		args[i] = tmpl.Of(a)
	}
	key, _ := op.Via.Key.Substitute(args)
	return key
}

func argAt(call *ast.CallExpr, i int) ast.Expr {
	if i < 0 || i >= len(call.Args) {
		return nil
	}
	return call.Args[i]
}

func calleeName(call *ast.CallExpr) string {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		return f.Sel.Name
	case *ast.Ident:
		return f.Name
	}
	return "call"
}

// Links tie the ops of a package's wrappers to the ops that stand for them
// at the wrappers' calls, so that a bug is reported once, where it is.
type Links struct {
	origins   map[*redisop.SummaryOp]*redisop.Op // see Origin
	instances map[*redisop.Op][]*redisop.Op      // see Instances
}

// Link returns the links between the ops of funcs, the package's
// functions, and ops, all their ops.
func (m *Table) Link(funcs []*redisop.Func, ops []*redisop.Op) *Links {
	l := &Links{origins: m.linkOrigins(funcs)}
	l.linkInstances(ops)
	return l
}

// linkOrigins records, for each command of a local summary, the op of the
// wrapper it was summarised from (see Origin).
func (m *Table) linkOrigins(funcs []*redisop.Func) map[*redisop.SummaryOp]*redisop.Op {
	origins := map[*redisop.SummaryOp]*redisop.Op{}
	for _, fn := range funcs {
		s := m.localSummaries()[fn.Obj]
		if s == nil {
			continue
		}
		for i := range s.Ops {
			sop, src := &s.Ops[i], s.src[i]
			if src < 0 || src >= len(fn.Ops) {
				continue
			}
			if op := fn.Ops[src]; op.Kind == sop.Kind && op.Command == sop.Command {
				origins[sop] = op
			}
		}
	}
	return origins
}

// linkInstances records, for each op of a wrapper of this package, the ops
// that stand for it at the wrapper's calls (see Instances).
func (m *Links) linkInstances(ops []*redisop.Op) {
	m.instances = map[*redisop.Op][]*redisop.Op{}
	for _, op := range ops {
		if o := m.Origin(op); o != nil && !op.Func.Test {
			m.instances[o] = append(m.instances[o], op)
		}
	}
}

// Instances returns the ops that stand for op at the calls, outside
// tests, of the same-package wrapper op belongs to.
func (m *Links) Instances(op *redisop.Op) []*redisop.Op { return m.instances[op] }

// ReportedInWrapper reports whether op stands for a command of a wrapper
// of this package, or of a wrapper that wrapper calls, for which reported
// is true: the bug is reported there, where the command is, and not again
// at the call.
func (m *Links) ReportedInWrapper(op *redisop.Op, reported func(*redisop.Op) bool) bool {
	for o := m.Origin(op); o != nil; o = m.Origin(o) {
		if reported(o) {
			return true
		}
	}
	return false
}

// Origin returns, for an op issued through a call of a wrapper declared in
// this package, the op inside the wrapper it stands for; nil for a direct
// command or a wrapper of another package. Analyzers use it to report a
// bug once, where it is: a caller of a wrapper that is already reported for
// the same bug is not reported again (RULES.md, "Analyzers").
func (m *Links) Origin(op *redisop.Op) *redisop.Op {
	if op.Via == nil {
		return nil
	}
	return m.origins[op.Via]
}

// A Judge says which keys the package judged lock keys: a summarised
// command on such a key is settled, evidence only in importing packages.
type Judge interface {
	IsLockKeyID(id keyid.ID, family string) bool
	IsLockKey(op *redisop.Op) bool
}

// Export exports the summaries of funcs, the package's functions, whose
// commands depend on their parameters, marking keys already judged here
// as settled.
func (m *Table) Export(funcs []*redisop.Func, links *Links, judge Judge) {
	objs := make([]*types.Func, 0, len(funcs)+len(m.ifaceImpls))
	for _, fn := range funcs {
		objs = append(objs, fn.Obj)
	}
	for im := range m.ifaceImpls {
		objs = append(objs, im)
	}
	for _, obj := range objs {
		s := m.localSummaries()[obj]
		if s == nil {
			continue
		}
		out := &Summary{}
		for i, op := range s.Ops {
			op.Settled = !op.Key.HasPlaceholder() || judge.IsLockKeyID(op.Key, op.Key.Family()) || links.judgedThroughCalls(judge, &s.Ops[i])
			out.Ops = append(out.Ops, op)
		}
		m.Pass.ExportObjectFact(obj, out)
	}
}

// judgedThroughCalls reports whether the wrapper command s stands for is
// judged here as a lock key command: through the wrapper's calls (see
// ProvingCall), or as one half of a lock API pair.
func (m *Links) judgedThroughCalls(judge Judge, s *redisop.SummaryOp) bool {
	o := m.origins[s]
	return o != nil && judge.IsLockKey(o)
}

// SingleKeyArg returns, for an op issued through a wrapper whose key is
// built from one of its parameters (c.key(k), prefix + k), the argument
// passed for it.
func SingleKeyArg(op *redisop.Op) ast.Expr {
	if op.Via == nil {
		return nil
	}
	ph := op.Via.Key.Placeholders()
	if len(ph) != 1 {
		return nil
	}
	return argAt(op.Expr, ph[0])
}

// keyArg returns the argument a summary's key template consists of, when
// it is exactly one parameter ("${1}"), or nil.
func keyArg(call *ast.CallExpr, template keyid.ID) ast.Expr {
	i, ok := template.Placeholder()
	if !ok {
		return nil
	}
	return argAt(call, i)
}
