package lockmodel

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/keyid"
	"github.com/leasevet/leasevet/analyzers/internal/luascript"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"github.com/leasevet/leasevet/analyzers/internal/replyuse"
	"github.com/leasevet/leasevet/analyzers/internal/suppress"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

func build(pass *analysis.Pass, s Settings) (*Model, error) {
	env := rediscall.NewEnv(pass.Fset, pass.Pkg, pass.TypesInfo, pass.Files)
	m := &Model{Pass: pass, pass: pass, Env: env, keys: keyid.New(pass.TypesInfo, pass.Pkg, env)}
	env.ScriptSHA = m.importedScriptHash
	m.lockNames = newNamer(s.LockNames)
	m.collectFuncs()
	m.summarizeLocal()
	m.collectOps()
	m.link()
	m.judgeKeys()
	m.exportSummaries()
	m.exportScriptHashes()
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
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := t.(*types.Named)
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
	callee, ok := typeutil.Callee(m.pass.TypesInfo, call).(*types.Func)
	if !ok {
		return nil
	}
	sum := m.summaryOf(callee)
	if sum == nil {
		return nil
	}
	var ops []*Op
	for i := range sum.Ops {
		if op := m.wrapperOp(fn, call, &sum.Ops[i], frozen); op != nil {
			ops = append(ops, op)
		}
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
	op.KeyID, op.Identity, op.Family = key.String(), key, m.familyOf(key, fn)
	return op
}

func (m *Model) newOp(fn *Func, c *rediscall.Call, via *SummaryOp, stack []ast.Node) *Op {
	op := &Op{Call: c, Func: fn, Via: via, Stack: stack}
	if via == nil {
		op.Identity = m.keys.Of(c.Key)
		op.KeyID = op.Identity.String()
	}
	op.Queued = c.Queued || m.inPipelineCallback(stack)
	op.InWatch = m.inWatchCallback(stack)
	op.Reply = replyuse.Of(m.pass.TypesInfo, stack)
	if c.Script != nil && c.Script.Known {
		if s, err := luascript.Classify(c.Script.Source); err == nil {
			op.Lua = s
		}
	}
	op.Family = m.familyOf(op.Identity, fn)
	return op
}

// familyOf returns the key family of identity id used in fn: its
// Family, or, for a key that is just a parameter of a function named
// as a lock operation, the lock API of fn's type or package (RULES.md,
// "Lock API pair"): Lock(key) and Unlock(key) of one type take one key.
func (m *Model) familyOf(id keyid.ID, fn *Func) string {
	if f := id.Family(); f != "" || !id.IsParam() || !m.lockNames.NamesFunc(fn) {
		return f
	}
	if fn.Recv != nil {
		return "lockapi(" + fn.Recv.Obj().Pkg().Path() + "." + fn.Recv.Obj().Name() + ")"
	}
	return "lockapi(" + fn.Obj.Pkg().Path() + ")"
}

// inPipelineCallback reports whether the innermost function literal around
// the call is the callback of Pipelined or TxPipelined.
func (m *Model) inPipelineCallback(stack []ast.Node) bool {
	c := m.callbackOwner(stack)
	return c != nil && c.Kind == rediscall.Pipelined
}

// inWatchCallback reports whether the call is inside the callback of a
// Watch transaction.
func (m *Model) inWatchCallback(stack []ast.Node) bool {
	for i := len(stack) - 1; i > 0; i-- {
		if _, ok := stack[i].(*ast.FuncLit); !ok {
			continue
		}
		if call, ok := stack[i-1].(*ast.CallExpr); ok && m.isWatch(call) {
			return true
		}
		if v := m.assignedFuncLit(stack[i-1], stack[i]); v != nil && m.passedToWatch(stack[0], v) {
			return true // txf := func(tx *redis.Tx) error {...}; rdb.Watch(txf, key)
		}
	}
	return false
}

func (m *Model) isWatch(call *ast.CallExpr) bool {
	c := m.Env.Recognize(call)
	return c != nil && c.Kind == rediscall.Watch
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

// passedToWatch reports whether the function variable v is passed to a
// Watch call inside decl.
func (m *Model) passedToWatch(decl ast.Node, v *types.Var) bool {
	return analysisutil.Find(decl, func(n ast.Node) (bool, bool) {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false, true
		}
		// The argument first: recognising the call as a Watch is the
		// dearer test.
		passed := slices.ContainsFunc(call.Args, func(a ast.Expr) bool {
			id, ok := ast.Unparen(a).(*ast.Ident)
			return ok && m.pass.TypesInfo.Uses[id] == v
		})
		return passed && m.isWatch(call), true
	})
}

// callbackOwner returns the recognised call whose callback argument is the
// innermost function literal of stack.
func (m *Model) callbackOwner(stack []ast.Node) *rediscall.Call {
	for i := len(stack) - 1; i > 0; i-- {
		if _, ok := stack[i].(*ast.FuncLit); !ok {
			continue
		}
		if call, ok := stack[i-1].(*ast.CallExpr); ok {
			return m.Env.Recognize(call)
		}
		return nil
	}
	return nil
}
