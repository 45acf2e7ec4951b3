package workspace_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// TestLoad_onlyModuleFiles: a package with tests has a test binary whose
// main package lives in the go command's build cache; Load keeps the
// module's own packages and files only.
func TestLoad_onlyModuleFiles(t *testing.T) {
	m, err := workspace.Load("testdata/mod")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Packages) != 1 || m.Packages[0].Path != "example.com/mod/store" {
		var paths []string
		for _, p := range m.Packages {
			paths = append(paths, p.Path)
		}
		t.Fatalf("packages %v, want [example.com/mod/store]", paths)
	}
	for _, f := range m.Files() {
		if strings.HasPrefix(f.Rel, "../") {
			t.Errorf("file %s is outside the module", f.Rel)
		}
	}
	if len(m.Packages[0].Tests) != 1 {
		t.Errorf("%d test files, want store_test.go", len(m.Packages[0].Tests))
	}
}
