package keyid

import (
	"slices"
	"testing"
)

func TestFamily_cases(t *testing.T) {
	for _, tc := range []struct {
		id        ID
		want, why string
	}{
		{id(cnst("lock:"), param("pkg.Acquire", 0)), `"lock:"+$`, "a parameter is a variable part"},
		{id(cnst("lock:"), param("(*pkg.T).Release", 1)), `"lock:"+$`, "a method's parameter too"},
		{id(cnst("lock:"), field("pkg.T.name"), cnst(":x")), `"lock:"+$+":x"`, "a field is a variable part"},
		{id(cnst("lock:"), placeholder(0)), `"lock:"+$`, "a summary placeholder is a parameter"},
		{id(call("pkg.key", id(cnst("a:"), param("pkg.F", 0)), id(Part{Kind: Global, Text: "pkg.g"}))), `c(pkg.key)("a:"+$,g(pkg.g))`, "a call's arguments too; other parts stay"},
		{id(param("pkg.Acquire", 0)), ``, "no constant part: no family (a generic wrapper's key)"},
		{id(field("pkg.T.key")), ``, "a field alone is an identity, not a family"},
		{id(cnst("lock:a+b"), param("pkg.F", 0)), `"lock:a+b"+$`, "a + inside a constant is not a separator"},
		{ID{}, ``, "unknown"},
	} {
		if got := tc.id.Family(); got != tc.want {
			t.Errorf("%s.Family() = %q, want %q (%s)", tc.id, got, tc.want, tc.why)
		}
	}
}

func TestConstants_topLevel(t *testing.T) {
	got := id(cnst("job:"), param("pkg.F", 0), cnst(":mutex"), call("pkg.k", id(cnst("in-call")))).Constants()
	if want := []string{"job:", ":mutex"}; !slices.Equal(got, want) {
		t.Errorf("Constants = %q, want %q", got, want)
	}
}

func TestIsParam_cases(t *testing.T) {
	if !id(param("pkg.F", 0)).IsParam() {
		t.Error("one parameter: want IsParam")
	}
	if id(cnst("lock:"), param("pkg.F", 0)).IsParam() || id(field("pkg.T.k")).IsParam() || (ID{}).IsParam() {
		t.Error("a concatenation, a field or unknown: want not IsParam")
	}
}
