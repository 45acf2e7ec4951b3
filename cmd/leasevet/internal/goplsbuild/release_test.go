package goplsbuild

import (
	"os"
	"strings"
	"testing"
)

func TestGoplsFor_eachGoRelease(t *testing.T) {
	tests := []struct {
		goVersion, want string
		note            bool
	}{
		{"go1.26.8", "v0.23.0", false},
		{"go1.26", "v0.23.0", false},
		{"go1.27.4", "v0.24.0", false},
		{"go1.27rc1", "v0.24.0", false},
		{"go1.28.0", "v0.24.0", true},
	}
	for _, tt := range tests {
		got, note, err := goplsFor(tt.goVersion)
		if err != nil || got != tt.want || (note != "") != tt.note {
			t.Errorf("goplsFor(%q) = %q, note %q, %v; want %q, a note: %v", tt.goVersion, got, note, err, tt.want, tt.note)
		}
	}
	for _, bad := range []string{"go1.25.3", "devel +abc", ""} {
		if got, _, err := goplsFor(bad); err == nil {
			t.Errorf("goplsFor(%q) = %q, want an error", bad, got)
		}
	}
}

// The go command's own Go decides: GOTOOLCHAIN included, as go build
// will use it.
func TestGoVersion_ofTheGoCommand(t *testing.T) {
	gv, err := goVersion("go", append(os.Environ(), "GOTOOLCHAIN=local"))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := goplsFor(gv); !strings.HasPrefix(gv, "go1.") || err != nil {
		t.Errorf("go env GOVERSION = %q (%v), want a Go release leasevet builds with", gv, err)
	}
}
