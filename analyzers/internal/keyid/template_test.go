package keyid

import (
	"slices"
	"testing"
)

func TestSubstitute_mergesConstants(t *testing.T) {
	tmpl := id(cnst("lock:"), placeholder(1))
	got, ok := tmpl.Substitute([]ID{id(cnst("ctx")), id(cnst("order:"), param("pkg.F", 0))})
	if want := `"lock:order:"+p(pkg.F#0)`; !ok || got.String() != want {
		t.Errorf("Substitute = %s, %v; want %s (adjacent constants merge)", got, ok, want)
	}
}

func TestSubstitute_insideCall(t *testing.T) {
	tmpl := id(call("pkg.key", id(cnst("x"), placeholder(0))))
	got, ok := tmpl.Substitute([]ID{id(cnst("y"))})
	if want := `c(pkg.key)("x"+"y")`; !ok || got.String() != want {
		t.Errorf("Substitute = %s, %v; want %s (arguments spliced as they are)", got, ok, want)
	}
	if tmpl.Parts[0].Args[0].Parts[1].Kind != Placeholder {
		t.Error("Substitute changed the template")
	}
}

func TestSubstitute_unknown(t *testing.T) {
	if _, ok := id(cnst("lock:"), placeholder(2)).Substitute([]ID{id(cnst("a"))}); ok {
		t.Error("Substitute with a missing argument succeeded; want failure (stay silent)")
	}
	if _, ok := id(call("pkg.k", id(placeholder(0)))).Substitute([]ID{{}}); ok {
		t.Error("Substitute with an unknown argument succeeded; want failure")
	}
}

func TestPlaceholders_cases(t *testing.T) {
	tmpl := id(cnst("lock:"), placeholder(1), call("pkg.k", id(placeholder(0))))
	if got := tmpl.Placeholders(); !slices.Equal(got, []int{1, 0}) || !tmpl.HasPlaceholder() {
		t.Errorf("Placeholders = %v, want [1 0]", got)
	}
	if _, ok := tmpl.Placeholder(); ok {
		t.Error("Placeholder of a concatenation: want none")
	}
	if i, ok := PlaceholderOf(3).Placeholder(); !ok || i != 3 || PlaceholderOf(3).String() != "${3}" {
		t.Errorf("PlaceholderOf(3) = %s, Placeholder() = %d, %v", PlaceholderOf(3), i, ok)
	}
	if id(cnst("${0}")).HasPlaceholder() {
		t.Error("a constant that reads ${0} is not a placeholder")
	}
}
