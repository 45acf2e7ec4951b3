package lockmodel

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/keyid"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"github.com/leasevet/leasevet/analyzers/internal/replyuse"
	"github.com/leasevet/leasevet/analyzers/internal/suppress"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

func build(pass *analysis.Pass, s Settings, checks []suppress.Check) (*Model, error) {
	env := rediscall.NewEnv(pass.Fset, pass.Pkg, pass.TypesInfo, pass.Files)
	m := &Model{pass: pass, Env: env, keys: keyid.New(pass.TypesInfo, pass.Pkg, env), checks: checks}
	env.ScriptSHA = m.importedScriptHash
	env.ScriptMaker = m.importedScriptMaker
	env.ImportedErrReader = m.importedErrReader
	m.lockNames = newNamer(s.LockNames)
	m.collectFuncs()
	m.summarizeLocal()
	m.collectOps()
	m.link()
	m.judgeKeys()
	m.printKeys()
	m.indexBuilders()
	m.exportSummaries()
	m.exportScriptHashes()
	m.exportErrReaders()
	m.exportScriptMakers()
	m.directives = suppress.Parse(pass)
	// The analyzers that require the model run concurrently on this
	// package: nothing of it may be built lazily after this point.
	env.Prepare()
	m.keys.Prepare()
	return m, nil
}

func (m *Model) collectFuncs() {
	for _, f := range m.pass.Files {
		test := strings.HasSuffix(m.pass.Fset.File(f.Pos()).Name(), "_test.go")
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj, _ := m.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if obj == nil {
				continue
			}
			fn := &Func{Decl: fd, Obj: obj, File: f, Test: test}
			if recv := obj.Signature().Recv(); recv != nil {
				fn.Recv = namedOf(recv.Type())
			}
			m.Funcs = append(m.Funcs, fn)
		}
	}
}

func namedOf(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// collectOps walks every function body once and records its ops.
func (m *Model) collectOps() {
	for _, fn := range m.Funcs {
		fn.Ops = m.opsOf(fn)
		m.Ops = append(m.Ops, fn.Ops...)
	}
}

// opsOf returns the ops of fn, resolving calls of wrappers by their
// summaries: the model's walk of a function body, which summarising
// repeats until the summaries of the package's wrappers of wrappers
// settle.
func (m *Model) opsOf(fn *Func) []*Op {
	var ops []*Op
	var stack []ast.Node
	ast.Inspect(fn.Decl, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if call, ok := n.(*ast.CallExpr); ok {
			ops = append(ops, m.opsAt(fn, call, stack)...)
		}
		return true
	})
	return ops
}

func (m *Model) opsAt(fn *Func, call *ast.CallExpr, stack []ast.Node) []*Op {
	frozen := append([]ast.Node(nil), stack...)
	if c := m.Env.Recognize(call); c != nil {
		return []*Op{m.newOp(fn, c, nil, frozen)}
	}
	callee, lit := m.Env.Devirtualized(call)
	if callee == nil {
		return nil
	}
	// A forwarder called on a literal whose fields are known sends what
	// that literal's client or script does; otherwise the callee's
	// summary says what a call sends, and a forwarder whose command the
	// summary cannot express is read at the call.
	if lit != nil || callee != typeutil.Callee(m.pass.TypesInfo, call) {
		// a literal's forwarder, or the one implementation of an
		// interface of the package: what the call sends, read at the call
		if c := m.Env.RecognizeForwarded(call); c != nil {
			return []*Op{m.newOp(fn, c, nil, frozen)}
		}
	}
	var ops []*Op
	if sum := m.summaryOf(callee); sum != nil {
		for i := range sum.Ops {
			if op := m.wrapperOp(fn, call, &sum.Ops[i], frozen); op != nil {
				ops = append(ops, op)
			}
		}
	}
	if c := m.Env.RecognizeForwarded(call); len(ops) == 0 && c != nil {
		return []*Op{m.newOp(fn, c, nil, frozen)}
	}
	return ops
}

// wrapperOp turns one command of a wrapper's summary into an op at the
// wrapper's call site, with the caller's arguments substituted.
func (m *Model) wrapperOp(fn *Func, call *ast.CallExpr, s *SummaryOp, stack []ast.Node) *Op {
	c, key, ok := m.instantiate(call, s)
	if !ok {
		return nil
	}
	op := m.newOp(fn, c, s, stack)
	if isLibraryKind(s.Kind) {
		key = keyid.ID{} // a lock object, not a key: no key, as at the library's own call
	}
	op.Key = m.newKey(key, fn)
	if key.Family() != "" && !m.anchored(key, 0) {
		// A wrapper's converted key (gconv.String(key)) at its call is
		// linked to the wrapper's command through the call; a family
		// would link it to every other lock-named caller (see anchored).
		op.Key.Family = ""
	}
	return op
}

func (m *Model) newOp(fn *Func, c *rediscall.Call, via *SummaryOp, stack []ast.Node) *Op {
	op := &Op{Call: c, Func: fn, Via: via, Stack: stack}
	if via == nil {
		op.Key = m.newKey(m.keys.Of(c.KeyExpr), fn)
	}
	op.Queued = c.Queued || m.inPipelineCallback(stack)
	op.InWatch = m.inWatchCallback(stack) || via != nil && via.InWatch
	op.Reply = replyuse.Of(m.pass.TypesInfo, stack, m.errorReadBy)
	return op
}

// inPipelineCallback reports whether the innermost function literal around
// the call is the callback of Pipelined or TxPipelined, passed inline or
// held in a local first (fn := func(p redis.Pipeliner) error {...};
// rdb.Pipelined(ctx, fn)).
func (m *Model) inPipelineCallback(stack []ast.Node) bool {
	for i := len(stack) - 1; i > 0; i-- {
		if _, ok := stack[i].(*ast.FuncLit); !ok {
			continue
		}
		return m.callbackOf(stack[0], stack[i-1], stack[i], rediscall.Pipelined)
	}
	return false
}

// inWatchCallback reports whether the call is inside the callback of a
// Watch transaction, passed inline or held in a local first
// (txf := func(tx *redis.Tx) error {...}; rdb.Watch(txf, key)), or inside
// a function or method that is handed the transaction itself (a callback
// a helper passes to Watch, a method the callback calls with its tx).
func (m *Model) inWatchCallback(stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		switch f := stack[i].(type) {
		case *ast.FuncLit:
			if m.takesWatchTx(f.Type) || i > 0 && m.callbackOf(stack[0], stack[i-1], f, rediscall.Watch) {
				return true
			}
		case *ast.FuncDecl:
			if m.takesWatchTx(f.Type) {
				return true
			}
		}
	}
	return false
}

// takesWatchTx reports whether a function of type ft is handed a Watch
// transaction (rediscall.IsWatchTx): it runs inside a Watch callback,
// whichever function passes it there (a helper, another package).
func (m *Model) takesWatchTx(ft *ast.FuncType) bool {
	return slices.ContainsFunc(ft.Params.List, func(f *ast.Field) bool {
		return rediscall.IsWatchTx(m.pass.TypesInfo.TypeOf(f.Type))
	})
}

// callbackOf reports whether the function literal lit, whose parent node
// is parent, is the callback of a recognised call of the given kind in
// decl: its argument, or the local it is assigned to passed to it.
func (m *Model) callbackOf(decl, parent, lit ast.Node, kind rediscall.Kind) bool {
	if call, ok := parent.(*ast.CallExpr); ok {
		c := m.Env.Recognize(call)
		return c != nil && c.Kind == kind
	}
	v := m.assignedFuncLit(parent, lit)
	return v != nil && m.passedTo(decl, v, kind)
}

// assignedFuncLit returns the local variable a function literal is
// assigned to by its parent statement (f := func(...) {...}), or nil.
func (m *Model) assignedFuncLit(parent, lit ast.Node) *types.Var {
	switch p := parent.(type) {
	case *ast.AssignStmt:
		for i, r := range p.Rhs {
			if r == lit && i < len(p.Lhs) {
				return analysisutil.VarOf(m.pass.TypesInfo, p.Lhs[i])
			}
		}
	case *ast.ValueSpec:
		for i, r := range p.Values {
			if r == lit && i < len(p.Names) {
				return analysisutil.VarOf(m.pass.TypesInfo, p.Names[i])
			}
		}
	}
	return nil
}

// passedTo reports whether the function variable v is passed to a
// recognised call of the given kind inside decl.
func (m *Model) passedTo(decl ast.Node, v *types.Var, kind rediscall.Kind) bool {
	return analysisutil.Find(decl, func(n ast.Node) (bool, bool) {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false, true
		}
		// The argument first: recognising the call is the dearer test.
		passed := slices.ContainsFunc(call.Args, func(a ast.Expr) bool {
			id, ok := ast.Unparen(a).(*ast.Ident)
			return ok && m.pass.TypesInfo.Uses[id] == v
		})
		if !passed {
			return false, true
		}
		c := m.Env.Recognize(call)
		return c != nil && c.Kind == kind, true
	})
}
