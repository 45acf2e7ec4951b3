package provenance_test

import (
	"go/ast"
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/provenance"
)

// oddSrc exercises shapes the SSA builder handles specially: generics,
// range-over-func, closures capturing the token, goto, select, method
// values, struct copies and recursion.
const oddSrc = `package odd

import (
	"iter"
	"os"
	"strconv"
)

func set(key string, value any) bool { return key != "" && value != nil }

type box[T any] struct{ v T }

func (b box[T]) get() T { return b.v }

func generic[T ~string](v T) bool { return set("k", string(v)) }

func seq() iter.Seq[string] {
	return func(yield func(string) bool) { yield("a") }
}

func rangeFunc() bool {
	last := ""
	for s := range seq() {
		last = s
	}
	return set("k", last)
}

func captured() bool {
	token := "fixed"
	f := func() { token = token + "!" }
	f()
	return set("k", token)
}

func jumps(n int) bool {
	v := "x"
loop:
	if n > 0 {
		n--
		v += strconv.Itoa(os.Getpid())
		goto loop
	}
	return set("k", v)
}

func selects(c chan string) bool {
	v := "idle"
	select {
	case x := <-c:
		v = x
	default:
	}
	return set("k", v)
}

func methodValue() bool {
	b := box[string]{v: "boxed"}
	get := b.get
	return set("k", get())
}

func copied() bool {
	a := box[string]{v: "c"}
	b := a
	return set("k", b.v)
}

func rec(n int) string {
	if n == 0 {
		return "base"
	}
	return rec(n-1) + "."
}

func recursive() bool { return set("k", rec(3)) }
`

func TestTracer_Trace_oddCode(t *testing.T) {
	tp, err := typeCheck(oddSrc)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]provenance.Kind{
		"generic":     provenance.Unknown,  // a parameter
		"rangeFunc":   provenance.Unknown,  // a yielded value
		"captured":    provenance.Unknown,  // a closure may write it
		"jumps":       provenance.Instance, // "x" + pids
		"selects":     provenance.Unknown,  // a channel receive
		"methodValue": provenance.Unknown,  // a call through a function value
		"copied":      provenance.Constant, // the literal's field, through a struct copy
		"recursive":   provenance.Constant, // "base" and "."
	}
	var roots []*ast.FuncDecl
	for name := range want {
		roots = append(roots, tp.decls[name])
	}
	tr := provenance.New(tp.fset, tp.pkg, tp.info, tp.files, roots)
	for name, kind := range want {
		fd := tp.decls[name]
		if got := tr.Trace(fd, valueArg(fd)).Kind(); got != kind {
			t.Errorf("Trace(%s) = %v, want %v", name, got, kind)
		}
	}
	if err := tr.Err(); err != nil {
		t.Fatalf("SSA build failed: %v", err)
	}
}
