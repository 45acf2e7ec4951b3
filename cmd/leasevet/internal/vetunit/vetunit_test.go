package vetunit

import (
	"encoding/json"
	"errors"
	"go/ast"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/leasevet/leasevet/cmd/leasevet/internal/cmdtest"
)

// The test binary is the vet tool when this variable is set: go vet runs
// it as it runs leasevet.
const runAsToolEnv = "LEASEVET_VETUNIT_TEST_TOOL"

func TestMain(m *testing.M) {
	if os.Getenv(runAsToolEnv) == "1" {
		Main(testAnalyzers())
	}
	os.Exit(m.Run())
}

// testAnalyzers are two analyzers that report calls of functions named
// bad, one with a category and one without, both requiring a model
// analyzer that fails in package boom.
func testAnalyzers() []*analysis.Analyzer {
	model := &analysis.Analyzer{
		Name:       "model",
		Doc:        "model: fails in package boom",
		ResultType: reflect.TypeFor[*string](),
		Run: func(pass *analysis.Pass) (any, error) {
			if pass.Pkg.Name() == "boom" {
				return nil, errors.New("boom is beyond the model")
			}
			s := pass.Pkg.Path()
			return &s, nil
		},
	}
	reporter := func(name, category string) *analysis.Analyzer {
		return &analysis.Analyzer{
			Name:     name,
			Doc:      name + ": reports calls of bad",
			Requires: []*analysis.Analyzer{model},
			Run: func(pass *analysis.Pass) (any, error) {
				if pass.ResultOf[model].(*string) == nil {
					panic("ran without its model")
				}
				reportBadCalls(pass, category)
				return nil, nil
			},
		}
	}
	return []*analysis.Analyzer{reporter("withcat", "bad-call"), reporter("nocat", "")}
}

func reportBadCalls(pass *analysis.Pass, category string) {
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "bad" {
					pass.Report(analysis.Diagnostic{Pos: call.Pos(), Category: category, Message: "call of bad"})
				}
			}
			return true
		})
	}
}

// goVet runs go vet with the test binary as the vet tool on the fixture
// module and returns its stdout, stderr and exit code.
func goVet(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs go vet")
	}
	cmd := exec.Command("go", append([]string{"vet", "-vettool=" + os.Args[0]}, args...)...)
	cmd.Dir = filepath.Join("testdata", "mod")
	cmd.Env = append(os.Environ(), runAsToolEnv+"=1", "GOWORK=off", "GOFLAGS=-mod=mod")
	r := cmdtest.Run(t, cmd)
	return r.Stdout, r.Stderr, r.Code
}

// TestMain_goVetTextEndsWithCategory: go vet prints only the message, so
// the message carries the category; a diagnostic without one is left as
// it is.
func TestMain_goVetTextEndsWithCategory(t *testing.T) {
	_, stderr, code := goVet(t, ".")
	if code == 0 {
		t.Fatalf("go vet reported nothing:\n%s", stderr)
	}
	for _, want := range []string{"a.go:7:2: call of bad [bad-call]\n", "a.go:7:2: call of bad\n", "a_test.go:6:2: call of bad [bad-call]\n"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("go vet output lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "[bad-call] [bad-call]") || strings.Contains(stderr, "[]") {
		t.Errorf("a category shown twice, or an empty one:\n%s", stderr)
	}
}

// TestMain_goVetJSONKeepsCategoryField: under -json the category stays in
// its own field too.
func TestMain_goVetJSONKeepsCategoryField(t *testing.T) {
	stdout, stderr, code := goVet(t, "-json", ".")
	if code != 0 {
		t.Fatalf("go vet -json: exit %d:\n%s", code, stderr)
	}
	n := 0
	for _, tree := range decodeStream(t, stdout) {
		for _, byAnalyzer := range tree {
			var diags []struct{ Category, Message string }
			if err := json.Unmarshal(byAnalyzer["withcat"], &diags); err != nil {
				t.Fatal(err)
			}
			for _, d := range diags {
				n++
				if d.Category != "bad-call" || d.Message != "call of bad [bad-call]" {
					t.Errorf("diagnostic %+v, want category bad-call and the labelled message", d)
				}
			}
		}
	}
	if n != 3 {
		t.Errorf("%d withcat diagnostics, want 3 (a.go, a_test.go, x_test.go):\n%s", n, stdout)
	}
}

// TestMain_prerequisiteErrorReportedOnce: the model's own error is shown,
// once, and neither analyzer fails with "failed prerequisites".
func TestMain_prerequisiteErrorReportedOnce(t *testing.T) {
	stdout, stderr, code := goVet(t, "-json", "./boom")
	if code != 0 {
		t.Fatalf("go vet -json: exit %d:\n%s", code, stderr)
	}
	if strings.Contains(stdout, "failed prerequisites") || strings.Count(stdout, `"error"`) != 1 ||
		!strings.Contains(stdout, `"error": "model: boom is beyond the model"`) {
		t.Errorf("want the model's error once, under one analyzer:\n%s", stdout)
	}
	_, stderr, code = goVet(t, "./boom")
	if code == 0 || strings.Count(stderr, "boom is beyond the model") != 1 {
		t.Errorf("go vet text: exit %d, want the model's error once:\n%s", code, stderr)
	}
}

// TestMain_testFalseLeavesTestFilesOut: only a.go is analysed.
func TestMain_testFalseLeavesTestFilesOut(t *testing.T) {
	_, stderr, _ := goVet(t, "-test=false", "-nocat=false", ".")
	if got := strings.Count(stderr, "call of bad"); got != 1 || !strings.Contains(stderr, "a.go:7:2: call of bad [bad-call]") {
		t.Errorf("-test=false: %d findings, want only a.go's:\n%s", got, stderr)
	}
}

// decodeStream decodes go vet -json's stream of objects.
func decodeStream(t *testing.T, s string) []map[string]map[string]json.RawMessage {
	t.Helper()
	var out []map[string]map[string]json.RawMessage
	dec := json.NewDecoder(strings.NewReader(s))
	for dec.More() {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			t.Fatalf("go vet -json output: %v\n%s", err, s)
		}
		out = append(out, tree)
	}
	return out
}
