package replyuse

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ast/astutil"
)

// src has one call of do per function; each function consumes its reply
// in one way. cmd stands for a client's reply type: its readers are
// methods, as go-redis's Cmd's are.
const src = `package p

type cmd struct{}

func (cmd) Result() (int64, error) { return 0, nil }
func (cmd) Val() []byte            { return nil }
func (cmd) Err() error             { return nil }

func do() cmd { return cmd{} }

func statement()      { do() }
func deferred()       { defer do() }
func goStmt()         { go do() }
func deferredReader() { defer do().Err() }
func blank()          { _, _ = do().Result() }
func errSide()        { _, err := do().Result(); _ = err }
func errMethod()      { _ = do().Err() }
func assigned()       { v, err := do().Result(); _, _ = v, err }
func varSpec()        { var v = do().Val(); _ = v }
func returned() cmd   { return (do()) }
func read() bool      { return len(string(do().Val())) > 0 }
func held() error     { c := do(); return c.Err() }
func heldDropped()    { c := do(); c.Result() }
func heldTwice() bool { c := do(); _ = c.Err(); return len(c.Val()) > 0 }
func heldInClosure() func() error {
	c := do()
	return func() error { return c.Err() }
}
`

func uses(t *testing.T) map[string]Use {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	out := map[string]Use{}
	for _, d := range file.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if id, _ := call.Fun.(*ast.Ident); id == nil || id.Name != "do" {
				return true
			}
			path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
			stack := make([]ast.Node, 0, len(path))
			for i := len(path) - 1; i >= 0; i-- {
				stack = append(stack, path[i])
				if path[i] == call {
					break
				}
			}
			out[fn.Name.Name] = Of(info, stack, nil)
			return false
		})
	}
	return out
}

func TestOf_consumers(t *testing.T) {
	got := uses(t)
	for fn, want := range map[string]Consumer{
		"statement": Dropped, "deferred": Deferred, "goStmt": Go, "deferredReader": Dropped,
		"blank": Blank, "errSide": Assigned, "errMethod": Blank, "assigned": Assigned,
		"varSpec": Assigned, "returned": Returned, "read": Read,
	} {
		if got[fn].Consumer != want {
			t.Errorf("%s: Consumer = %d, want %d", fn, got[fn].Consumer, want)
		}
	}
}

func TestOf_errOnly(t *testing.T) {
	got := uses(t)
	for fn, want := range map[string]string{"errMethod": "Err", "deferredReader": "Err", "assigned": "", "read": ""} {
		if got[fn].ErrOnly != want {
			t.Errorf("%s: ErrOnly = %q, want %q", fn, got[fn].ErrOnly, want)
		}
	}
	if !got["errSide"].ErrorSideOnly() || got["assigned"].ErrorSideOnly() {
		t.Error("ErrorSideOnly: want true for _, err := and false for v, err :=")
	}
}

func TestOf_carriesThroughConversion(t *testing.T) {
	u := uses(t)["read"]
	if !u.Converted {
		t.Error("string(do().Val()): Converted = false, want true")
	}
	if call, ok := u.Parent.(*ast.CallExpr); !ok || call.Fun.(*ast.Ident).Name != "len" {
		t.Errorf("string(do().Val()): Parent = %T, want the len call", u.Parent)
	}
}

func TestUse_Dropped(t *testing.T) {
	got := uses(t)
	for fn, want := range map[string]bool{"statement": true, "deferred": true, "goStmt": true, "blank": false, "assigned": false} {
		if got[fn].Dropped() != want {
			t.Errorf("%s: Dropped() = %v, want %v", fn, got[fn].Dropped(), want)
		}
	}
}

// TestOf_held checks that a command held in a local is used as the one
// reader called on it is, and as assigned when the local is read twice or
// in a closure.
func TestOf_held(t *testing.T) {
	got := uses(t)
	for fn, want := range map[string]Consumer{"held": Returned, "heldDropped": Dropped, "heldTwice": Assigned, "heldInClosure": Assigned} {
		if got[fn].Consumer != want {
			t.Errorf("%s: Consumer = %d, want %d", fn, got[fn].Consumer, want)
		}
		if followed := got[fn].Held != nil; followed != (want != Assigned) {
			t.Errorf("%s: Held = %v, want it set only when followed", fn, got[fn].Held)
		}
	}
	if got["held"].ErrOnly != "Err" {
		t.Errorf("held: ErrOnly = %q, want Err", got["held"].ErrOnly)
	}
}

// TestOf_oddStacks checks that Of stays silent (a read) rather than
// panicking on stacks an analyzer should never pass but might.
func TestOf_oddStacks(t *testing.T) {
	info := &types.Info{}
	for _, stack := range [][]ast.Node{nil, {&ast.File{}}, {&ast.BlockStmt{}, &ast.ExprStmt{}}} {
		if u := Of(info, stack, nil); u.Consumer != Read || u.Reply != nil {
			t.Errorf("Of(%T...) = %+v, want a read of nothing", stack, u)
		}
	}
}
