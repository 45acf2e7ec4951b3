package match_test

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"testing"

	"github.com/leasevet/leasevet/internal/metamorphic/finding"
	"github.com/leasevet/leasevet/internal/metamorphic/match"
	"github.com/leasevet/leasevet/internal/metamorphic/output"
	"github.com/leasevet/leasevet/internal/metamorphic/typecheck"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// isDel stands for "is a command": a call of a method named Del.
func isDel(_ *types.Info, call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Del"
}

// at returns the finding of category cat spanning the first occurrence of
// text in the file rel of src.
func at(t *testing.T, rel string, src []byte, text, cat string) finding.Finding {
	t.Helper()
	i := strings.Index(string(src), text)
	if i < 0 {
		t.Fatalf("%q is not in %s", text, rel)
	}
	return finding.Finding{Analyzer: "baredel", Category: cat, Pos: position(rel, src, i), End: position(rel, src, i+len(text))}
}

// atFrom is at for the first occurrence of text at or after offset from.
func atFrom(t *testing.T, rel string, src []byte, from int, text, cat string) finding.Finding {
	t.Helper()
	i := strings.Index(string(src[from:]), text)
	if i < 0 {
		t.Fatalf("%q is not in %s after offset %d", text, rel, from)
	}
	return finding.Finding{Analyzer: "baredel", Category: cat, Pos: position(rel, src, from+i), End: position(rel, src, from+i+len(text))}
}

func position(rel string, src []byte, off int) finding.Position {
	line := 1 + strings.Count(string(src[:off]), "\n")
	col := off - strings.LastIndex(string(src[:off]), "\n")
	return finding.Position{File: rel, Line: line, Col: col}
}

// moveRelease puts two statements before Release's call (so it moves two
// lines down) and moves Sweep's call into a new function, called where it
// was.
func moveRelease(t *testing.T, m *workspace.Module) *output.Output {
	t.Helper()
	f := m.FileRel("store/store.go")
	var release, sweep *ast.ExprStmt
	ast.Inspect(f.Syntax, func(n ast.Node) bool {
		if s, ok := n.(*ast.ExprStmt); ok {
			if release == nil {
				release = s
			} else {
				sweep = s
			}
		}
		return true
	})
	e := workspace.NewEdit(m)
	e.Begin(7)
	one := &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent("_")}, Tok: token.ASSIGN, Rhs: []ast.Expr{ast.NewIdent("key")}}
	two := &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent("_")}, Tok: token.ASSIGN, Rhs: []ast.Expr{ast.NewIdent("c")}}
	if err := e.InsertBefore(e.Node(release).(ast.Stmt), one, two); err != nil {
		t.Fatal(err)
	}
	moved := e.Node(sweep).(*ast.ExprStmt)
	call := &ast.CallExpr{Fun: ast.NewIdent("sweepOne"), Args: []ast.Expr{ast.NewIdent("c")}}
	if err := e.Replace(moved, &ast.ExprStmt{X: call}); err != nil {
		t.Fatal(err)
	}
	helper := &ast.FuncDecl{Name: ast.NewIdent("sweepOne"), Type: &ast.FuncType{Params: &ast.FieldList{List: []*ast.Field{
		{Names: []*ast.Ident{ast.NewIdent("c")}, Type: &ast.StarExpr{X: ast.NewIdent("Client")}}}}},
		Body: &ast.BlockStmt{List: []ast.Stmt{moved}}}
	if err := e.AppendDecl(e.File(f), helper); err != nil {
		t.Fatal(err)
	}
	if err := typecheck.Check(e); err != nil {
		t.Fatal(err)
	}
	out, err := output.Print(e)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestCompare_followsMovedCommands(t *testing.T) {
	m, rel, orig := storeModule(t)
	base := []finding.Finding{
		at(t, rel, orig, `c.Del("lock:" + key)`, "bare-del"),
		at(t, rel, orig, `c.Del("sweep")`, "bare-del"),
		at(t, rel, orig, `"lock:"`, "constant-token"), // inside the call: anchored at it
	}
	out := moveRelease(t, m)
	printed := out.Files[rel]
	mt := match.New(m, isDel)
	got := mt.Rewritten([]finding.Finding{
		at(t, rel, printed, `c.Del("lock:" + key)`, "bare-del"), // two lines down
		at(t, rel, printed, `c.Del("lock:" + key)`, "constant-token"),
		at(t, rel, printed, `c.Del("sweep")`, "bare-del"), // now in sweepOne
	}, out)
	if moved := got[0].Pos.Line - base[0].Pos.Line; moved != 2 {
		t.Fatalf("the Release call moved %d lines, want 2", moved)
	}
	res := match.Compare(mt.Original(base), got)
	if len(res.Kept) != 3 || len(res.Lost) != 0 || len(res.Added) != 0 {
		t.Errorf("kept %d, lost %d, added %d; want 3, 0, 0", len(res.Kept), len(res.Lost), len(res.Added))
	}
}

func TestCompare_lostAndAdded(t *testing.T) {
	m, rel, orig := storeModule(t)
	base := []finding.Finding{at(t, rel, orig, `c.Del("sweep")`, "bare-del")}
	out := moveRelease(t, m)
	printed := out.Files[rel]
	mt := match.New(m, isDel)
	// The finding is reported at the call of the new function instead of
	// at the command it wraps, and at the loop: one lost, two added.
	got := mt.Rewritten([]finding.Finding{
		at(t, rel, printed, `sweepOne(c)`, "bare-del"),
		at(t, rel, printed, `for i := 0; i < 3; i++`, "bare-del"),
	}, out)
	res := match.Compare(mt.Original(base), got)
	if len(res.Kept) != 0 || len(res.Lost) != 1 || len(res.Added) != 2 {
		t.Fatalf("kept %d, lost %d, added %d; want 0, 1, 2", len(res.Kept), len(res.Lost), len(res.Added))
	}
	if !res.Added[0].New || res.Added[0].Owner != 7 {
		t.Errorf("the call of the new function: new %v, owner %d; want a node of change 7", res.Added[0].New, res.Added[0].Owner)
	}
	if res.Added[1].New || res.Added[1].Orig == nil {
		t.Errorf("the loop: want the original loop as anchor, got new %v", res.Added[1].New)
	}
	if went := mt.Went(out, res.Lost[0].Orig); !strings.HasPrefix(went, rel+":") || went == rel+":"+strconv.Itoa(base[0].Pos.Line) {
		t.Errorf("the lost command went to %q, want a new line of %s", went, rel)
	}
}

// TestCompare_followsDeclaredForwarders: a method declared as text that
// forwards to the client's Del stands for the original Del calls it
// replaces, as interface-client's implementation does; a call of another
// declared method stands for nothing.
func TestCompare_followsDeclaredForwarders(t *testing.T) {
	m, rel, orig := storeModule(t)
	base := []finding.Finding{at(t, rel, orig, `c.Del("lock:" + key)`, "bare-del")}
	var release *ast.CallExpr
	ast.Inspect(m.FileRel(rel).Syntax, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && release == nil {
			release = c
		}
		return true
	})
	e := workspace.NewEdit(m)
	e.Begin(3)
	src := "type fwd struct{ c *Client }\n\nfunc (f fwd) Del(k string) error { return f.c.Del(k) }\n\nfunc (f fwd) Get(k string) error { return f.c.Del(k) }\n"
	if _, err := e.Declare("store", "mm_fwd.go", "store", "fwd", src, nil); err != nil {
		t.Fatal(err)
	}
	e.AliasDeclared("store/mm_fwd.go", "fwd.Del", release)
	out, err := output.Print(e)
	if err != nil {
		t.Fatal(err)
	}
	fwd := out.Files["store/mm_fwd.go"]
	second := strings.Index(string(fwd), "func (f fwd) Get")
	if second < 0 {
		t.Fatalf("no Get in:\n%s", fwd)
	}
	mt := match.New(m, isDel)
	got := mt.Rewritten([]finding.Finding{
		at(t, "store/mm_fwd.go", fwd, `f.c.Del(k)`, "bare-del"), // in fwd.Del
		atFrom(t, "store/mm_fwd.go", fwd, second, `f.c.Del(k)`, "bare-del"),
	}, out)
	res := match.Compare(mt.Original(base), got)
	if len(res.Kept) != 1 || len(res.Lost) != 0 || len(res.Added) != 1 {
		t.Fatalf("kept %d, lost %d, added %d; want 1, 0, 1", len(res.Kept), len(res.Lost), len(res.Added))
	}
}

// A forwarder's command stands for every call it forwards: the rules
// report it once, at the command, where the original had a finding at
// each call, and that one finding keeps them all.
func TestCompare_forwarderKeepsEveryCall(t *testing.T) {
	m, rel, orig := storeModule(t)
	base := []finding.Finding{
		at(t, rel, orig, `c.Del("lock:" + key)`, "bare-del"),
		at(t, rel, orig, `c.Del("sweep")`, "bare-del"),
	}
	var calls []ast.Node
	ast.Inspect(m.FileRel(rel).Syntax, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			calls = append(calls, c)
		}
		return true
	})
	if len(calls) != 2 {
		t.Fatalf("%d calls in %s, want 2", len(calls), rel)
	}
	e := workspace.NewEdit(m)
	e.Begin(3)
	src := "type fwd struct{ c *Client }\n\nfunc (f fwd) Del(k string) error { return f.c.Del(k) }\n"
	if _, err := e.Declare("store", "mm_fwd.go", "store", "fwd", src, nil); err != nil {
		t.Fatal(err)
	}
	e.AliasDeclared("store/mm_fwd.go", "fwd.Del", calls...)
	out, err := output.Print(e)
	if err != nil {
		t.Fatal(err)
	}
	mt := match.New(m, isDel)
	got := mt.Rewritten([]finding.Finding{at(t, "store/mm_fwd.go", out.Files["store/mm_fwd.go"], `f.c.Del(k)`, "bare-del")}, out)
	res := match.Compare(mt.Original(base), got)
	if len(res.Kept) != 2 || len(res.Lost) != 0 || len(res.Added) != 0 {
		t.Fatalf("kept %d, lost %d, added %d; want 2, 0, 0", len(res.Kept), len(res.Lost), len(res.Added))
	}
}

// storeModule loads the matcher's test module and returns it with the
// path and source of its store package's file.
func storeModule(t *testing.T) (*workspace.Module, string, []byte) {
	t.Helper()
	m, err := workspace.Load("testdata/mod")
	if err != nil {
		t.Fatal(err)
	}
	rel := "store/store.go"
	return m, rel, m.FileRel(rel).Src
}

// A finding at a builder, inside the call that sends it, is kept by a
// finding at a created call that stands for the sending call: the helper
// that now issues the command is reported at its call.
func TestCompare_createdCallStandsForItsBuilder(t *testing.T) {
	m, err := workspace.Load("testdata/mod")
	if err != nil {
		t.Fatal(err)
	}
	rel := "store/built.go"
	f := m.FileRel(rel)
	isCmd := func(_ *types.Info, call *ast.CallExpr) bool {
		sel, ok := call.Fun.(*ast.SelectorExpr)
		return ok && (sel.Sel.Name == "Do" || sel.Sel.Name == "Build")
	}
	var stmt *ast.ExprStmt
	ast.Inspect(f.Syntax, func(n ast.Node) bool {
		if s, ok := n.(*ast.ExprStmt); ok {
			stmt = s
		}
		return true
	})
	base := []finding.Finding{at(t, rel, f.Src, `c.Build("drop:" + key)`, "bare-del")}
	e := workspace.NewEdit(m)
	e.Begin(4)
	moved := e.Node(stmt).(*ast.ExprStmt)
	call := &ast.CallExpr{Fun: ast.NewIdent("dropOne"), Args: []ast.Expr{ast.NewIdent("c"), ast.NewIdent("key")}}
	if err := e.Replace(moved, &ast.ExprStmt{X: call}); err != nil {
		t.Fatal(err)
	}
	helper := &ast.FuncDecl{Name: ast.NewIdent("dropOne"), Type: &ast.FuncType{Params: &ast.FieldList{List: []*ast.Field{
		{Names: []*ast.Ident{ast.NewIdent("c")}, Type: &ast.StarExpr{X: ast.NewIdent("Client")}},
		{Names: []*ast.Ident{ast.NewIdent("key")}, Type: ast.NewIdent("string")}}}},
		Body: &ast.BlockStmt{List: []ast.Stmt{moved}}}
	if err := e.AppendDecl(e.File(f), helper); err != nil {
		t.Fatal(err)
	}
	e.Alias(call, stmt.X) // the call stands for the Do it moved
	if err := typecheck.Check(e); err != nil {
		t.Fatal(err)
	}
	out, err := output.Print(e)
	if err != nil {
		t.Fatal(err)
	}
	mt := match.New(m, isCmd)
	got := mt.Rewritten([]finding.Finding{at(t, rel, out.Files[rel], `dropOne(c, key)`, "bare-del")}, out)
	res := match.Compare(mt.Original(base), got)
	if len(res.Kept) != 1 || len(res.Lost) != 0 || len(res.Added) != 0 {
		t.Fatalf("kept %d, lost %d, added %d; want 1, 0, 0", len(res.Kept), len(res.Lost), len(res.Added))
	}
}
