package goplsbuild

import (
	"errors"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// registrySample has the shape of gopls's analysis.go around the anchors.
const registrySample = `package settings

import (
	"log"

	"golang.org/x/tools/gopls/internal/protocol"
)

func initAnalyzers() (res []*Analyzer) {
	log.Print(protocol.SeverityWarning)
	return append(res, staticcheckAnalyzers()...)
}
`

func TestPatchRegistry_importAndAppendOnce(t *testing.T) {
	out, err := PatchRegistry([]byte(registrySample))
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), RegistryFile, out, 0)
	if err != nil {
		t.Fatalf("patched file does not parse: %v\n%s", err, out)
	}
	imported := 0
	for _, imp := range f.Imports {
		switch imp.Path.Value {
		case `"github.com/leasevet/leasevet/analyzers"`, `"github.com/leasevet/leasevet/cmd/leasevet/labelled"`:
			imported++
		}
	}
	if len(f.Imports) != 4 || imported != 2 {
		t.Errorf("after the patch: %d imports, %d of leasevet's analyzers and labelled", len(f.Imports), imported)
	}
	body := string(out)
	if strings.Index(body, "leasevetanalyzers.Default()") > strings.Index(body, "staticcheckAnalyzers()") {
		t.Error("leasevet's analyzers must be appended before the final return")
	}
	if _, err := PatchRegistry(out); err == nil {
		t.Error("patching twice should fail")
	}
}

func TestPatchRegistry_missingAnchor(t *testing.T) {
	src := strings.Replace(registrySample, "staticcheckAnalyzers()...", "more()...", 1)
	_, err := PatchRegistry([]byte(src))
	if !errors.Is(err, ErrAnchor) {
		t.Fatalf("err = %v, want ErrAnchor", err)
	}
	for _, want := range []string{RegistryFile, "staticcheckAnalyzers"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q should name %q", err, want)
		}
	}
}

// TestPatchRegistry_realGopls patches the real file of each gopls release
// leasevet builds when it is in the module cache (the e2e script
// downloads the one of the Go it runs under).
func TestPatchRegistry_realGopls(t *testing.T) {
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Skip("no go command")
	}
	for _, r := range releases {
		name := filepath.Join(strings.TrimSpace(string(out)), "golang.org/x/tools/gopls@"+r.Gopls, RegistryFile)
		src, err := os.ReadFile(name)
		if err != nil {
			t.Logf("gopls %s not in the module cache: %v", r.Gopls, err)
			continue
		}
		patched, err := PatchRegistry(src)
		if err != nil {
			t.Errorf("gopls %s: %v", r.Gopls, err)
			continue
		}
		if _, err := parser.ParseFile(token.NewFileSet(), name, patched, 0); err != nil {
			t.Errorf("patched %s does not parse: %v", name, err)
		}
	}
}
