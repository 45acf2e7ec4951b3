package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// Commands tells which calls of a module issue Redis commands: calls of
// a client package, and calls of the module's own functions and methods
// that issue one, directly or through others (wrappers, which leasevet
// follows with summary facts).
type Commands struct {
	wrappers map[token.Pos]bool // a module function's position → it issues a command
	methods  map[string]bool    // the name of a module method that issues a command
	module   *workspace.Module
}

// NewCommands finds the wrappers of m.
func NewCommands(m *workspace.Module) *Commands {
	calls := map[token.Pos][]token.Pos{} // function → module functions it calls
	c := &Commands{wrappers: map[token.Pos]bool{}, methods: map[string]bool{}, module: m}
	var methods []*types.Func
	for _, f := range m.Files() {
		for _, d := range f.Syntax.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj := f.Info.Defs[fd.Name]
			if obj == nil {
				continue
			}
			if fd.Recv != nil {
				methods = append(methods, obj.(*types.Func))
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if IsCommand(f.Info, call) {
						c.wrappers[obj.Pos()] = true
					} else if fn, ok := typeutil.Callee(f.Info, call).(*types.Func); ok && fn.Pos().IsValid() {
						calls[obj.Pos()] = append(calls[obj.Pos()], fn.Pos())
					}
				}
				return true
			})
		}
	}
	// Each round marks at least one more function or stops: at most one
	// round per function.
	for changed := true; changed; {
		changed = false
		for fn, callees := range calls {
			if c.wrappers[fn] {
				continue
			}
			for _, callee := range callees {
				if c.wrappers[callee] {
					c.wrappers[fn], changed = true, true
					break
				}
			}
		}
	}
	for _, fn := range methods {
		if c.wrappers[fn.Pos()] {
			c.methods[fn.Name()] = true
		}
	}
	return c
}

// Issues reports whether call is a command: a call of a client package,
// or of a function or method of the module that issues one.
func (c *Commands) Issues(info *types.Info, call *ast.CallExpr) bool {
	if IsCommand(info, call) {
		return true
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return false
	}
	if c.wrappers[fn.Pos()] {
		return true
	}
	// A method of an interface of the module's own: a command when a
	// method of the module by that name is one.
	sig := fn.Type().(*types.Signature)
	return sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) && fn.Pkg() != nil &&
		c.module.Package(fn.Pkg().Path()) != nil && c.methods[fn.Name()]
}

// IsWrapper reports whether the module function fn issues a command.
func (c *Commands) IsWrapper(fn *types.Func) bool { return fn != nil && c.wrappers[fn.Pos()] }

// Contains reports whether n holds a command call outside function
// literals.
func (c *Commands) Contains(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if found {
			return false
		}
		if _, ok := x.(*ast.FuncLit); ok && x != n {
			return false
		}
		if call, ok := x.(*ast.CallExpr); ok && c.Issues(info, call) {
			found = true
		}
		return !found
	})
	return found
}
