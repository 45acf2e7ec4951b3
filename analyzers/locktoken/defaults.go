package locktoken

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/provenance"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"
)

// defaultsFix returns the fix for a weak value chosen as a variable's
// default in each function that builds the lock, an argument of the
// caller taking its place when one is passed:
//
//	v := strconv.FormatInt(time.Now().UnixNano(), 10)
//	if len(value) > 0 {
//		v = strings.Join(value, "-")
//	}
//	return newLock(key, v)
//
// Every default that reads the clock or the process identity becomes a
// fresh token, and so does a string constant chosen by itself: a
// variable's default or a call's argument (TryLock(conn, "orders",
// "token")) used nowhere else (constantAt). The fix exists when each
// weak part of res is in such a place (a default is a write of a string
// variable read once, of calls and constants only, that calls nothing
// the package calls elsewhere), and each other part is a caller's
// argument or a constant written beside one (the "-" above).
func defaultsFix(pass *analysis.Pass, w tokenWrite, res provenance.Result) (analysis.SuggestedFix, bool) {
	sites, ok := weakDefaults(pass, res)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	xs := make([]ast.Expr, len(sites))
	for i, s := range sites {
		xs[i] = s.x
	}
	return tokenFix(pass, w.op.Client, xs)
}

// A weakDefault is a place, x, that chooses a weak value by itself: the
// value of a write of the variable v, or a call's argument (defaultsFix).
type weakDefault struct {
	x ast.Expr
	v *types.Var // the variable written; nil for a call's argument
}

// weakDefaults returns the writes that produce the weak parts of res,
// in source order, or false when a part is elsewhere (see defaultsFix).
func weakDefaults(pass *analysis.Pass, res provenance.Result) ([]weakDefault, bool) {
	var sites []weakDefault
	var consts []token.Pos
	for _, p := range res.Parts {
		switch {
		case p.Optional:
		case p.Via.IsValid() || !p.Pos.IsValid():
			return nil, false // produced in a helper, or somewhere unknown
		case p.Kind == provenance.Constant:
			consts = append(consts, p.Pos)
		case p.Kind == provenance.Clock || p.Kind == provenance.Instance:
			d, ok := writeAt(pass, p.Pos)
			if !ok || !selfContained(pass, d.x) || calledElsewhere(pass, d.x, nil) || reads(pass, d.v) != 1 {
				return nil, false
			}
			sites = addSite(sites, d)
		default:
			return nil, false
		}
	}
	for _, pos := range consts {
		if slices.ContainsFunc(sites, func(s weakDefault) bool { return s.x.Pos() <= pos && pos < s.x.End() }) {
			continue // a part of a default: 10 in strconv.FormatInt(time.Now().UnixNano(), 10)
		}
		if d, ok := constantAt(pass, pos); ok {
			sites = addSite(sites, d)
		} else if !besideArgument(pass, sites, pos) {
			return nil, false
		}
	}
	slices.SortFunc(sites, func(a, b weakDefault) int { return int(a.x.Pos() - b.x.Pos()) })
	return sites, len(sites) > 0
}

func addSite(sites []weakDefault, d weakDefault) []weakDefault {
	if slices.ContainsFunc(sites, func(s weakDefault) bool { return s.x == d.x }) {
		return sites
	}
	return append(sites, d)
}

// constantAt returns the string constant at pos when it is all that is
// chosen there: the argument of a call of a function of the package
// (TryLock(conn, "orders", "token")), or the default of a variable read
// once (owner := "worker"), and the package uses an equal string nowhere
// else (constantUsedElsewhere).
func constantAt(pass *analysis.Pass, pos token.Pos) (weakDefault, bool) {
	file := analysisutil.FileOf(pass.Files, pos)
	if file == nil {
		return weakDefault{}, false
	}
	path, _ := astutil.PathEnclosingInterval(file, pos, pos)
	if len(path) < 2 {
		return weakDefault{}, false
	}
	x, ok := path[0].(ast.Expr)
	tv := pass.TypesInfo.Types[x]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String || !isString(tv.Type) || constantUsedElsewhere(pass, tv.Value, x) {
		return weakDefault{}, false
	}
	if call, ok := path[1].(*ast.CallExpr); ok {
		fn := typeutil.StaticCallee(pass.TypesInfo, call)
		inArgs := slices.Contains(call.Args, x)
		return weakDefault{x: x}, inArgs && fn != nil && fn.Pkg() == pass.Pkg
	}
	d, ok := writeAt(pass, pos)
	return d, ok && d.x == x && reads(pass, d.v) == 1
}

// writeAt returns the write of a string variable (v := x, v = x, var v =
// x) whose value x holds pos.
func writeAt(pass *analysis.Pass, pos token.Pos) (weakDefault, bool) {
	file := analysisutil.FileOf(pass.Files, pos)
	if file == nil {
		return weakDefault{}, false
	}
	path, _ := astutil.PathEnclosingInterval(file, pos, pos)
	for _, n := range path {
		var lhs, rhs []ast.Expr
		switch n := n.(type) {
		case ast.Expr:
			continue
		case *ast.AssignStmt:
			lhs, rhs = n.Lhs, n.Rhs
		case *ast.ValueSpec:
			lhs, rhs = []ast.Expr{n.Names[0]}, n.Values
			if len(n.Names) != 1 {
				return weakDefault{}, false
			}
		default:
			return weakDefault{}, false
		}
		v := analysisutil.VarOf(pass.TypesInfo, lhs[0])
		if len(lhs) != 1 || len(rhs) != 1 || v == nil || v.IsField() || v.Parent() == pass.Pkg.Scope() || !isString(v.Type()) {
			return weakDefault{}, false
		}
		return weakDefault{x: rhs[0], v: v}, true
	}
	return weakDefault{}, false
}

// selfContained reports whether x reads no variable: calls, constants and
// names of functions only, so that it can be replaced with nothing lost.
func selfContained(pass *analysis.Pass, x ast.Expr) bool {
	return !analysisutil.Find(x, func(n ast.Node) (bool, bool) {
		id, ok := n.(*ast.Ident)
		if !ok {
			return false, true
		}
		_, isVar := pass.TypesInfo.Uses[id].(*types.Var)
		return isVar, true
	})
}

// reads counts the uses of v that read it (not the left of an assignment).
func reads(pass *analysis.Pass, v *types.Var) int {
	written := map[*ast.Ident]bool{}
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok {
				for _, lhs := range as.Lhs {
					if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
						written[id] = true
					}
				}
			}
			return true
		})
	}
	n := 0
	for id, obj := range pass.TypesInfo.Uses {
		if obj == v && !written[id] {
			n++
		}
	}
	return n
}

// besideArgument reports whether the constant at pos is written in
// another write of a site's variable, one that reads a variable (the
// caller's argument it joins).
func besideArgument(pass *analysis.Pass, sites []weakDefault, pos token.Pos) bool {
	d, ok := writeAt(pass, pos)
	return ok && !selfContained(pass, d.x) && slices.ContainsFunc(sites, func(s weakDefault) bool { return s.v == d.v })
}
