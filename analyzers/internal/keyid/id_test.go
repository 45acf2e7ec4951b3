package keyid

import (
	"bytes"
	"encoding/gob"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

// Parts for hand-built identities.
func cnst(s string) Part              { return Part{Kind: Const, Text: s} }
func param(fn string, i int) Part     { return Part{Kind: Param, Text: fn, Index: i} }
func field(name string) Part          { return Part{Kind: Field, Text: name} }
func placeholder(i int) Part          { return Part{Kind: Placeholder, Index: i} }
func call(fn string, args ...ID) Part { return Part{Kind: Call, Text: fn, Args: args} }
func id(parts ...Part) ID             { return ID{Parts: parts} }

// kindsSrc has one key(...) call per part kind; the comment after each is
// the canonical text its argument must print as (v(POS) is the local's
// position).
const kindsSrc = `package p

import "fmt"

type T struct{ name string }

type Name string

var prefix string

func key(s string) {}

func lockKey(s string) string { return "lock:" + s }

func (t *T) Lock(id string, n int) {
	key("lock:" + "a" + "")               // "lock:a"
	key("lock:" + id)                     // "lock:"+p((*p.T).Lock#0)
	key(t.name)                           // f(p.T.name)
	key(prefix + ":" + t.name)            // g(p.prefix)+":"+f(p.T.name)
	key(lockKey(id))                      // c(p.lockKey)(p((*p.T).Lock#0))
	key(fmt.Sprintf("lock:%s:%d", id, n)) // "lock:"+p((*p.T).Lock#0)+":"+p((*p.T).Lock#1)
	v := "a"
	if n > 0 {
		v = "b"
	}
	key(v) // v(POS)
}

func (n Name) Unlock() {
	key("lock:" + string(n)) // "lock:"+r(p.Name)
}
`

type resolved struct {
	key  ast.Expr
	want string
}

// resolveKinds type-checks kindsSrc and returns a Resolver over it with
// the argument of each key call and the text it must print as.
func resolveKinds(t *testing.T) (*Resolver, []resolved) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", kindsSrc, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	comments := map[int]string{}
	for _, g := range f.Comments {
		comments[fset.Position(g.Pos()).Line] = g.Text()[:len(g.Text())-1]
	}
	var keys []resolved
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && types.ExprString(c.Fun) == "key" {
			keys = append(keys, resolved{c.Args[0], comments[fset.Position(c.Pos()).Line]})
		}
		return true
	})
	return New(info, pkg, rediscall.NewEnv(fset, pkg, info, []*ast.File{f})), keys
}

func TestString_eachPartKind(t *testing.T) {
	r, keys := resolveKinds(t)
	if len(keys) != 8 {
		t.Fatalf("found %d key calls, want 8", len(keys))
	}
	for _, k := range keys {
		got := r.Of(k.key)
		want := k.want
		if want == "v(POS)" {
			want = "v(" + strconv.Itoa(int(got.Parts[0].Object().Pos())) + ")"
		}
		if got.String() != want {
			t.Errorf("Of(%s).String() = %s, want %s", types.ExprString(k.key), got, want)
		}
	}
}

func TestOf_objects(t *testing.T) {
	r, keys := resolveKinds(t)
	for _, k := range keys {
		for _, p := range r.Of(k.key).Parts {
			if (p.Object() == nil) != (p.Kind == Const) {
				t.Errorf("%s: part %v has object %v; want one exactly for non-constants", types.ExprString(k.key), p.Kind, p.Object())
			}
		}
	}
}

func TestOf_params(t *testing.T) {
	r, keys := resolveKinds(t)
	id := keys[4].key.(*ast.CallExpr).Args[0].(*ast.Ident) // lockKey(id)
	r.Params = map[*types.Var]int{r.info.Uses[id].(*types.Var): 0}
	if got, want := r.Of(keys[4].key).String(), "c(p.lockKey)(${0})"; got != want {
		t.Errorf("Of with Params = %s, want %s (a summary template)", got, want)
	}
}

func TestString_unknown(t *testing.T) {
	if got := (ID{}).String(); got != "" {
		t.Errorf("unknown ID prints %q, want \"\"", got)
	}
	if got := concat(constant(""), constant("")).String(); got != `""` {
		t.Errorf("empty concatenation prints %s, want \"\"", got)
	}
}

func TestString_gobRoundTrip(t *testing.T) {
	r, keys := resolveKinds(t)
	for _, k := range keys {
		in := r.Of(k.key)
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(in); err != nil {
			t.Fatal(err)
		}
		var out ID
		if err := gob.NewDecoder(&buf).Decode(&out); err != nil {
			t.Fatal(err)
		}
		if !out.Equal(in) || out.String() != in.String() {
			t.Errorf("gob round trip of %s gave %s", in, out)
		}
		if out.Parts[0].Object() != nil {
			t.Errorf("decoded %s keeps an object; facts must not carry them", out)
		}
	}
}

func TestEqual_cases(t *testing.T) {
	a := id(cnst("lock:"), call("p.k", id(param("p.F", 0))))
	for _, tc := range []struct {
		b    ID
		want bool
		why  string
	}{
		{id(cnst("lock:"), call("p.k", id(param("p.F", 0)))), true, "same parts"},
		{id(cnst("lock:"), call("p.k", id(param("p.F", 1)))), false, "another parameter inside a call"},
		{id(cnst("lock:"), call("p.k")), false, "fewer arguments"},
		{id(cnst("lock:")), false, "fewer parts"},
		{id(cnst("lock:"), call("p.j", id(param("p.F", 0)))), false, "another callee"},
	} {
		if got := a.Equal(tc.b); got != tc.want {
			t.Errorf("Equal(%s, %s) = %v, want %v (%s)", a, tc.b, got, tc.want, tc.why)
		}
		if got := a.String() == tc.b.String(); got != tc.want {
			t.Errorf("String equality of %s and %s = %v, want %v like Equal", a, tc.b, got, tc.want)
		}
	}
	if a.Equal(ID{}) || !(ID{}).Equal(ID{}) {
		t.Error("unknown identities: want equal to each other only")
	}
}
