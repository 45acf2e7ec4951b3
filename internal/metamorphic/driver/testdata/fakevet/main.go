// Command fakevet stands in for leasevet in the driver's tests: it prints
// go vet -json findings from two rules written on syntax alone, which
// the refactorings can fool on purpose.
//
//   - [bare-del] at a Del call inside a function whose name contains
//     "Unlock": moving the call into a helper loses it.
//   - [bare-del] at a call of a function of the same package whose body
//     calls Del: extracting a helper adds one at its call.
//   - [constant-token] at a SetNX call whose third argument is a string
//     literal: moving the literal into a constant loses it.
//   - [unchecked-acquire] at a SetNX call used as a statement in a method,
//     and at a call statement of a function (no receiver) of the same
//     package that sends SetNX as a statement: extracting a helper moves
//     it to the helper's call, as leasevet moves a dropped answer.
//   - [unchecked-acquire] at a SetNX call whose reply is read only through
//     .Err(), except in a method that returns just that error, and at each
//     call of such a method: moving the error into a method (err-method)
//     moves it to the method's call, as leasevet moves a passed-on answer.
package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

type diag struct {
	Category string `json:"category"`
	Posn     string `json:"posn"`
	End      string `json:"end"`
	Message  string `json:"message"`
}

func main() {
	tree := map[string]map[string][]diag{}
	fset := token.NewFileSet()
	byDir := map[string][]*ast.File{}
	filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".go") {
			f, perr := parser.ParseFile(fset, p, nil, 0)
			if perr != nil {
				fmt.Fprintln(os.Stderr, perr)
				os.Exit(1)
			}
			byDir[filepath.Dir(p)] = append(byDir[filepath.Dir(p)], f)
		}
		return nil
	})
	cwd, _ := os.Getwd()
	for dir, files := range byDir {
		for _, d := range check(fset, files, cwd) {
			if tree[dir] == nil {
				tree[dir] = map[string][]diag{}
			}
			tree[dir]["fake"] = append(tree[dir]["fake"], d)
		}
	}
	out, _ := json.MarshalIndent(withErrors(tree, os.Getenv("FAKEVET_ERROR")), "", "\t")
	fmt.Println(string(out))
}

// withErrors returns tree with the package in directory dir (when set)
// reported as one that could not be analysed, as go vet -json writes it:
// {"pkg": {"analyzer": {"error": "..."}}}, and no findings.
func withErrors(tree map[string]map[string][]diag, dir string) map[string]any {
	out := map[string]any{}
	for d, byAnalyzer := range tree {
		out[d] = byAnalyzer
	}
	if dir != "" {
		out[dir] = map[string]any{"fake": map[string]string{"error": "fakevet: cannot analyse " + dir}}
	}
	return out
}

// check applies the rules to the files of one package.
func check(fset *token.FileSet, files []*ast.File, cwd string) []diag {
	deleters := map[string]bool{} // functions whose body calls Del
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && callsDel(fd.Body) {
				deleters[fd.Name.Name] = true
			}
		}
	}
	var diags []diag
	report := func(n ast.Node, cat string) {
		pos, end := fset.Position(n.Pos()), fset.Position(n.End())
		diags = append(diags, diag{Category: cat, Message: cat + " by fakevet",
			Posn: fmt.Sprintf("%s:%d:%d", filepath.Join(cwd, pos.Filename), pos.Line, pos.Column),
			End:  fmt.Sprintf("%s:%d:%d", filepath.Join(cwd, end.Filename), end.Line, end.Column)})
	}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				switch fun := call.Fun.(type) {
				case *ast.SelectorExpr:
					if fun.Sel.Name == "Del" && strings.Contains(fd.Name.Name, "Unlock") {
						report(call, "bare-del")
					}
					if fun.Sel.Name == "SetNX" && len(call.Args) > 2 {
						if _, lit := call.Args[2].(*ast.BasicLit); lit {
							report(call, "constant-token")
						}
					}
				case *ast.Ident:
					if deleters[fun.Name] {
						report(call, "bare-del")
					}
				}
				return true
			})
		}
	}
	unchecked(files, report)
	errOnly(files, report)
	return diags
}

// errOnly applies the rule on acquires whose reply is read only for its
// error to the files of one package.
func errOnly(files []*ast.File, report func(ast.Node, string)) {
	passers := map[string]bool{} // methods that return just a SetNX's error
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && returnsErrOf(fd.Body) {
				passers[fd.Name.Name] = true
			}
		}
	}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			held := heldSetNX(fd.Body)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if acq := setNXErr(call, held); acq != nil && !passers[fd.Name.Name] {
					report(acq, "unchecked-acquire")
				}
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && passers[sel.Sel.Name] {
					report(call, "unchecked-acquire")
				}
				return true
			})
		}
	}
}

// returnsErrOf reports whether body is one statement returning
// X.SetNX(...).Err().
func returnsErrOf(body *ast.BlockStmt) bool {
	if body == nil || len(body.List) != 1 {
		return false
	}
	ret, ok := body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	call, ok := ret.Results[0].(*ast.CallExpr)
	return ok && setNXErr(call, nil) != nil
}

// setNXErr returns the SetNX call of call when call is X.SetNX(...).Err(),
// or v.Err() for a local v that held holds.
func setNXErr(call *ast.CallExpr, held map[string]*ast.CallExpr) *ast.CallExpr {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Err" {
		return nil
	}
	if id, ok := sel.X.(*ast.Ident); ok {
		return held[id.Name]
	}
	acq, ok := sel.X.(*ast.CallExpr)
	if ok && isSetNX(acq) {
		return acq
	}
	return nil
}

// heldSetNX maps the locals of body assigned a SetNX call (v := X.SetNX(...))
// to that call.
func heldSetNX(body *ast.BlockStmt) map[string]*ast.CallExpr {
	held := map[string]*ast.CallExpr{}
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
			id, ok1 := as.Lhs[0].(*ast.Ident)
			call, ok2 := as.Rhs[0].(*ast.CallExpr)
			if ok1 && ok2 && isSetNX(call) {
				held[id.Name] = call
			}
		}
		return true
	})
	return held
}

func isSetNX(call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "SetNX"
}

// unchecked applies the unchecked-acquire rule to the files of one
// package.
func unchecked(files []*ast.File, report func(ast.Node, string)) {
	acquirers := map[string]bool{} // functions that send SetNX as a statement
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Recv == nil && len(droppedSetNX(fd.Body)) > 0 {
				acquirers[fd.Name.Name] = true
			}
		}
	}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fd.Recv != nil {
				for _, call := range droppedSetNX(fd.Body) {
					report(call, "unchecked-acquire")
				}
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if es, ok := n.(*ast.ExprStmt); ok {
					if call, ok := es.X.(*ast.CallExpr); ok {
						if id, ok := call.Fun.(*ast.Ident); ok && acquirers[id.Name] {
							report(call, "unchecked-acquire")
						}
					}
				}
				return true
			})
		}
	}
}

// droppedSetNX returns the SetNX calls used as statements in body.
func droppedSetNX(body *ast.BlockStmt) []*ast.CallExpr {
	var calls []*ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		if es, ok := n.(*ast.ExprStmt); ok {
			if call, ok := es.X.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "SetNX" {
					calls = append(calls, call)
				}
			}
		}
		return true
	})
	return calls
}

func callsDel(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Del" {
			found = true
		}
		return !found
	})
	return found
}
