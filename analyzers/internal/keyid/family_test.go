package keyid

import "testing"

func TestFamily(t *testing.T) {
	for _, tc := range []struct {
		id, want, why string
	}{
		{`"lock:"+p(pkg.Acquire#0)`, `"lock:"+$`, "a parameter is a variable part"},
		{`"lock:"+p((*pkg.T).Release#1)`, `"lock:"+$`, "a method's parameter too"},
		{`"lock:"+f(pkg.T.name)+":x"`, `"lock:"+$+":x"`, "a field is a variable part"},
		{`"lock:"+${0}`, `"lock:"+$`, "a summary placeholder is a parameter"},
		{`p(pkg.Acquire#0)`, ``, "no constant part: no family (a generic wrapper's key)"},
		{`f(pkg.T.key)`, ``, "a field alone is an identity, not a family"},
		{`"lock:a+b"+p(pkg.F#0)`, `"lock:a+b"+$`, "a + inside a constant is not a separator"},
		{``, ``, "unknown"},
	} {
		if got := Family(tc.id); got != tc.want {
			t.Errorf("Family(%s) = %q, want %q (%s)", tc.id, got, tc.want, tc.why)
		}
	}
}

func TestSubstitute(t *testing.T) {
	got, ok := Substitute(`"lock:"+${1}`, []string{`"ctx"`, `"order:"+p(pkg.F#0)`})
	if want := `"lock:order:"+p(pkg.F#0)`; !ok || got != want {
		t.Errorf("Substitute = %q, %v; want %q (adjacent constants merge)", got, ok, want)
	}
	if _, ok := Substitute(`"lock:"+${2}`, []string{`"a"`}); ok {
		t.Error("Substitute with a missing argument succeeded; want failure (stay silent)")
	}
	if _, ok := Substitute(`${0}`, []string{""}); ok {
		t.Error("Substitute with an unknown argument succeeded; want failure")
	}
}

func TestConstants(t *testing.T) {
	got := Constants(`"job:"+p(pkg.F#0)+":mutex"`)
	if len(got) != 2 || got[0] != "job:" || got[1] != ":mutex" {
		t.Errorf("Constants = %q, want [job: :mutex]", got)
	}
}
