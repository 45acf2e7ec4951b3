package narrowssa

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A package variable set lazily, on first use, is set once per process as
// one set while the package initialises is:
//
//	if instanceToken == "" { instanceToken = uuid.NewString() }
//	once.Do(func() { instanceToken = uuid.NewString() })
//
// Such a write (under a test of the variable against its zero value, or
// in the function a sync.Once runs) is recorded as lazy rather than as a
// reassignment. Any other write outside initialisation still makes the
// variable reassigned.

// markLazy records the assignments to v in the body of `if v == zero`
// (not in closures, which can run later, unguarded).
func (ix *writerIndex) markLazy(pkg *types.Package, info *types.Info, s *ast.IfStmt) {
	v := zeroTest(pkg, info, ix.zeros, s.Cond)
	if v == nil {
		return
	}
	ast.Inspect(s.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			ix.lazy[n] = v
		}
		return true
	})
}

// markOnce records the assignments in the function literal a sync.Once
// runs: once.Do(func() { v = ... }).
func (ix *writerIndex) markOnce(info *types.Info, call *ast.CallExpr) {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Name() != "Do" || fn.Pkg() == nil || fn.Pkg().Path() != "sync" || len(call.Args) != 1 {
		return
	}
	lit, ok := ast.Unparen(call.Args[0]).(*ast.FuncLit)
	if !ok {
		return
	}
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 {
			ix.lazy[as] = writtenVar(info, as.Lhs[0])
		}
		return true
	})
}

// zeroTest returns the package variable of pkg that cond tests against
// its zero value: v == "", v == 0, v == nil, len(v) == 0 (either side),
// the zero value written inline or held in a variable of zeros.
func zeroTest(pkg *types.Package, info *types.Info, zeros map[*types.Var]bool, cond ast.Expr) *types.Var {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.EQL {
		return nil
	}
	for _, side := range [2][2]ast.Expr{{be.X, be.Y}, {be.Y, be.X}} {
		if !isZero(info, zeros, side[1]) {
			continue
		}
		x := ast.Unparen(side[0])
		if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 {
			if fid, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && isBuiltin(info, fid, "len") {
				x = ast.Unparen(call.Args[0])
			}
		}
		id, ok := x.(*ast.Ident)
		if !ok {
			continue
		}
		if v, ok := info.Uses[id].(*types.Var); ok && v.Pkg() == pkg && v.Parent() == pkg.Scope() {
			return v
		}
	}
	return nil
}

func isBuiltin(info *types.Info, id *ast.Ident, name string) bool {
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// isZero reports whether e is nil or the constant "", 0 or false, or a
// variable of zeros, which only ever holds its zero value.
func isZero(info *types.Info, zeros map[*types.Var]bool, e ast.Expr) bool {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*types.Var); ok && zeros[v] {
			return true
		}
	}
	tv, ok := info.Types[e]
	if !ok {
		return false
	}
	if tv.IsNil() {
		return true
	}
	if tv.Value == nil {
		return false
	}
	switch tv.Value.Kind() {
	case constant.String:
		return constant.StringVal(tv.Value) == ""
	case constant.Int, constant.Float:
		return constant.Sign(tv.Value) == 0
	case constant.Bool:
		return !constant.BoolVal(tv.Value)
	}
	return false
}

// recordLazy records lhs (the i-th target of as) as a lazy write of a
// package variable and reports whether it was one.
func (ix *writerIndex) recordLazy(pkg *types.Package, info *types.Info, fd *ast.FuncDecl, as *ast.AssignStmt, i int) bool {
	guarded, ok := ix.lazy[as]
	if !ok || guarded == nil || fd == nil || isInitFunc(fd) || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return false
	}
	v := writtenVar(info, as.Lhs[i])
	if v != guarded || v.Pkg() != pkg || v.Parent() != pkg.Scope() {
		return false
	}
	ix.lazyWrites[v] = append(ix.lazyWrites[v], as.Rhs[i])
	return true
}

// LazyWrites returns the values a package variable is set to on first
// use (see markLazy), in source order; nil when it is not set lazily.
func (p *Package) LazyWrites(v *types.Var) []ast.Expr { return p.index.lazyWrites[v] }

// zeroHolders returns the variables of files that only ever hold their
// zero value: declared with "", 0, false or nil, or with no value, and
// never written again (empty := ""; var none string). A test against one
// is a test against the zero value written inline.
func zeroHolders(info *types.Info, files []*ast.File) map[*types.Var]bool {
	zero, written := map[*types.Var]bool{}, map[*types.Var]bool{}
	declare := func(name *ast.Ident, value ast.Expr) {
		if v, ok := info.Defs[name].(*types.Var); ok && (value == nil || isZero(info, nil, value)) {
			zero[v] = true
		}
	}
	write := func(e ast.Expr) {
		if v := writtenVar(info, e); v != nil {
			written[v] = true
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, name := range n.Names {
					switch {
					case len(n.Values) == 0:
						declare(name, nil)
					case len(n.Values) == len(n.Names):
						declare(name, n.Values[i])
					}
				}
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					if id, ok := lhs.(*ast.Ident); ok && info.Defs[id] != nil {
						if n.Tok == token.DEFINE && len(n.Rhs) == len(n.Lhs) {
							declare(id, n.Rhs[i])
						}
						continue
					}
					write(lhs)
				}
			case *ast.IncDecStmt:
				write(n.X)
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					write(n.X)
				}
			case *ast.RangeStmt:
				write(n.Key)
				write(n.Value)
			}
			return true
		})
	}
	for v := range written {
		delete(zero, v)
	}
	return zero
}
