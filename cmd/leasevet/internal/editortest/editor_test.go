package editortest

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/leasevet/leasevet/analyzers"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/driver"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/vetunit"
	"github.com/leasevet/leasevet/cmd/leasevet/labelled"
)

// runAsToolEnv makes the test binary leasevet's vet tool, for the
// standalone run the gopls diagnostics are compared with.
const runAsToolEnv = "LEASEVET_EDITORTEST_TOOL"

func TestMain(m *testing.M) {
	if os.Getenv(runAsToolEnv) == "1" && driver.IsVetProtocol(os.Args[1:]) {
		vetunit.Main(analyzers.Default())
	}
	os.Exit(m.Run())
}

// goplsEnv names the gopls built by "leasevet gopls".
const goplsEnv = "LEASEVET_GOPLS"

// fixtureFile is the file opened in the editor.
const fixtureFile = "lock.go"

// Bounds on waiting for gopls, generous for a cold 2-core machine; they
// only turn a hang into a failure, nothing is asserted about speed.
const (
	diagnosticsLimit = 5 * time.Minute
	requestLimit     = 2 * time.Minute
)

type position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type lspRange struct {
	Start position `json:"start"`
	End   position `json:"end"`
}

type diagnostic struct {
	Range              lspRange `json:"range"`
	Severity           int      `json:"severity,omitempty"`
	Code               any      `json:"code,omitempty"`
	Source             string   `json:"source,omitempty"`
	Message            string   `json:"message"`
	RelatedInformation []struct {
		Message string `json:"message"`
	} `json:"relatedInformation,omitempty"`
	Data json.RawMessage `json:"data,omitempty"`
}

type textEdit struct {
	Range   lspRange `json:"range"`
	NewText string   `json:"newText"`
}

type workspaceEdit struct {
	Changes         map[string][]textEdit `json:"changes,omitempty"`
	DocumentChanges []struct {
		TextDocument struct {
			URI string `json:"uri"`
		} `json:"textDocument"`
		Edits []textEdit `json:"edits"`
	} `json:"documentChanges,omitempty"`
}

type command struct {
	Title     string            `json:"title"`
	Command   string            `json:"command"`
	Arguments []json.RawMessage `json:"arguments,omitempty"`
}

type codeAction struct {
	Title   string         `json:"title"`
	Kind    string         `json:"kind"`
	Edit    *workspaceEdit `json:"edit,omitempty"`
	Command *command       `json:"command,omitempty"`
}

// session is the editor side: what the server published and asked.
type session struct {
	*client
	diags   map[string][]diagnostic // by document URI, latest publication
	applied []workspaceEdit         // edits the server asked to apply
}

func TestGopls_leasevetDiagnosticsAndQuickFix(t *testing.T) {
	gopls, dir, want := leasevetFixture(t)
	s := &session{client: startClient(t, gopls, dir), diags: make(map[string][]diagnostic)}
	s.initialize(dir)
	uri := fileURI(filepath.Join(dir, fixtureFile))
	text := readFile(t, filepath.Join(dir, fixtureFile))
	start := time.Now()
	s.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": "go", "version": 1, "text": text}})
	got := s.waitForLeasevet(uri)
	t.Logf("TIMING didOpen to leasevet diagnostics: %.1fs", time.Since(start).Seconds())

	compareWithStandalone(t, got, want)
	if others := s.othersThan(uri); len(others) == 0 {
		t.Errorf("no diagnostics of gopls's own analyzers next to leasevet's (the fixture has a printf mistake)")
	}
	target := pickFixable(t, got, want)
	edit := s.quickFix(uri, target)
	fixed := applyEdits(t, text, edit)
	if err := os.WriteFile(filepath.Join(dir, fixtureFile), []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	checkFixed(t, dir, want[key(target)].category)
}

// initialize performs the LSP handshake with the capabilities an editor
// with quick fixes has.
func (s *session) initialize(dir string) {
	caps := map[string]any{
		"workspace": map[string]any{"applyEdit": true, "configuration": true,
			"workspaceEdit": map[string]any{"documentChanges": true}},
		"textDocument": map[string]any{
			"publishDiagnostics": map[string]any{"relatedInformation": true},
			"codeAction": map[string]any{"codeActionLiteralSupport": map[string]any{
				"codeActionKind": map[string]any{"valueSet": []string{"quickfix", "refactor", "source"}}}},
		},
		"window": map[string]any{"workDoneProgress": true},
	}
	s.call("initialize", map[string]any{
		"processId": os.Getpid(), "rootUri": fileURI(dir), "capabilities": caps,
		"workspaceFolders": []map[string]any{{"uri": fileURI(dir), "name": "editor"}},
	}, nil, requestLimit, s.handle)
	s.notify("initialized", map[string]any{})
}

// handle records what the server publishes and answers its requests.
func (s *session) handle(m *message) {
	switch m.Method {
	case "textDocument/publishDiagnostics":
		var p struct {
			URI         string       `json:"uri"`
			Diagnostics []diagnostic `json:"diagnostics"`
		}
		if json.Unmarshal(m.Params, &p) == nil {
			s.diags[p.URI] = p.Diagnostics
		}
	case "workspace/applyEdit":
		var p struct {
			Edit workspaceEdit `json:"edit"`
		}
		if err := json.Unmarshal(m.Params, &p); err != nil {
			s.t.Errorf("workspace/applyEdit: %v", err)
		}
		s.applied = append(s.applied, p.Edit)
		s.reply(m.ID, map[string]any{"applied": true})
	case "workspace/configuration":
		var p struct {
			Items []any `json:"items"`
		}
		json.Unmarshal(m.Params, &p)
		s.reply(m.ID, make([]map[string]any, len(p.Items)))
	default:
		if m.ID != nil { // progress creation, capability registration...
			s.reply(m.ID, nil)
		}
	}
}

// waitForLeasevet waits until the published diagnostics of uri include
// leasevet's, and returns those.
func (s *session) waitForLeasevet(uri string) []diagnostic {
	s.t.Helper()
	deadline := time.After(diagnosticsLimit)
	for {
		if got := leasevetOnly(s.diags[uri]); len(got) > 0 {
			return got
		}
		select {
		case m, ok := <-s.events:
			if !ok {
				s.t.Fatal("gopls exited before publishing leasevet's diagnostics")
			}
			s.handle(m)
		case <-deadline:
			s.t.Fatalf("no leasevet diagnostics within %s; last published: %+v", diagnosticsLimit, s.diags[uri])
		}
	}
}

func (s *session) othersThan(uri string) []diagnostic {
	var others []diagnostic
	for _, d := range s.diags[uri] {
		if !isLeasevet(d.Source) {
			others = append(others, d)
		}
	}
	return others
}

// quickFix asks for the code actions of d and returns the edit of its
// quick fix, resolving a command-based fix through workspace/applyEdit.
func (s *session) quickFix(uri string, d diagnostic) workspaceEdit {
	s.t.Helper()
	var actions []codeAction
	s.call("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri}, "range": d.Range,
		"context": map[string]any{"diagnostics": []diagnostic{d}, "only": []string{"quickfix"}},
	}, &actions, requestLimit, s.handle)
	for _, a := range actions {
		if a.Kind != "quickfix" {
			continue
		}
		if a.Edit != nil {
			return *a.Edit
		}
		if a.Command != nil {
			before := len(s.applied)
			s.call("workspace/executeCommand", map[string]any{"command": a.Command.Command, "arguments": a.Command.Arguments},
				nil, requestLimit, s.handle)
			if len(s.applied) > before {
				return s.applied[len(s.applied)-1]
			}
		}
	}
	s.t.Fatalf("no quick fix offered for %q; actions: %+v", d.Message, actions)
	return workspaceEdit{}
}

// leasevetFixture skips the test unless LEASEVET_GOPLS names a gopls,
// and returns it with a copy of the fixture and what standalone leasevet
// reports for the fixture file, which must be something.
func leasevetFixture(t *testing.T) (gopls, dir string, want map[string]finding) {
	t.Helper()
	gopls = os.Getenv(goplsEnv)
	if gopls == "" {
		t.Skipf("%s is not set: it names a gopls built by 'leasevet gopls' (.ci/editor-e2e.sh sets it)", goplsEnv)
	}
	dir = fixtureCopy(t)
	want = standaloneFindings(t, dir)
	if len(want) == 0 {
		t.Fatalf("standalone leasevet reports nothing on %s: the fixture no longer exercises leasevet", fixtureFile)
	}
	return gopls, dir, want
}

// finding is a standalone leasevet diagnostic of the fixture file.
type finding struct {
	category string
	related  int
	hasFix   bool
}

// key identifies a diagnostic by 1-based line and message, which both
// sides report the same way.
func key(d diagnostic) string {
	return keyOf(d.Range.Start.Line+1, d.Message)
}

func keyOf(line int, msg string) string { return strconv.Itoa(line) + ": " + msg }

// standaloneFindings runs leasevet -json on the fixture, with this test
// binary as its vet tool, and returns its findings in the fixture file,
// keyed by their messages as gopls shows them: labelled with the category.
func standaloneFindings(t *testing.T, dir string) map[string]finding {
	t.Helper()
	t.Setenv(runAsToolEnv, "1")
	var out, errb bytes.Buffer
	d := &driver.Driver{Name: "leasevet", Analyzers: analyzers.Default(), Stdout: &out, Stderr: &errb, Dir: dir,
		VetTool: os.Args[0]}
	if code := d.Main([]string{"-json", "./..."}); code != 0 {
		t.Fatalf("leasevet -json: exit %d: %s", code, errb.String())
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(out.Bytes(), &tree); err != nil {
		t.Fatalf("leasevet -json output: %v", err)
	}
	want := make(map[string]finding)
	file := filepath.Join(dir, fixtureFile)
	for _, byAnalyzer := range tree {
		for _, raw := range byAnalyzer {
			var diags []struct {
				Posn, Message, Category string
				Related                 []json.RawMessage `json:"related"`
				Fixes                   []json.RawMessage `json:"suggested_fixes"`
			}
			if json.Unmarshal(raw, &diags) != nil {
				continue // an {"error": ...} entry
			}
			for _, d := range diags {
				name, line, ok := splitPosn(d.Posn)
				if ok && name == file {
					want[keyOf(line, labelled.Message(d.Message, d.Category))] = finding{d.Category, len(d.Related), len(d.Fixes) > 0}
				}
			}
		}
	}
	return want
}

// splitPosn splits "file:line:col".
func splitPosn(posn string) (string, int, bool) {
	parts := strings.Split(posn, ":")
	if len(parts) < 3 {
		return "", 0, false
	}
	line, err := strconv.Atoi(parts[len(parts)-2])
	if err != nil {
		return "", 0, false
	}
	return strings.Join(parts[:len(parts)-2], ":"), line, true
}

// compareWithStandalone checks that gopls published exactly the findings
// standalone leasevet reports for the file, with category and related
// locations.
func compareWithStandalone(t *testing.T, got []diagnostic, want map[string]finding) {
	t.Helper()
	var gotKeys, wantKeys []string
	for _, d := range got {
		k := key(d)
		gotKeys = append(gotKeys, k)
		w, ok := want[k]
		if !ok {
			continue
		}
		if code, _ := d.Code.(string); code != w.category && w.category != "" {
			t.Errorf("%s: code %q, want the category %q", k, code, w.category)
		}
		if len(d.RelatedInformation) != w.related {
			t.Errorf("%s: %d related locations, want %d", k, len(d.RelatedInformation), w.related)
		}
	}
	for k := range want {
		wantKeys = append(wantKeys, k)
	}
	sort.Strings(gotKeys)
	sort.Strings(wantKeys)
	if !slices.Equal(gotKeys, wantKeys) {
		t.Errorf("gopls's leasevet diagnostics differ from standalone leasevet's:\ngopls:\n\t%s\nleasevet:\n\t%s",
			strings.Join(gotKeys, "\n\t"), strings.Join(wantKeys, "\n\t"))
	}
}

// pickFixable returns a diagnostic that standalone leasevet offers a fix
// for, preferring setnx-expire.
func pickFixable(t *testing.T, got []diagnostic, want map[string]finding) diagnostic {
	t.Helper()
	var pick *diagnostic
	for i, d := range got {
		w := want[key(d)]
		if !w.hasFix {
			continue
		}
		if pick == nil || w.category == "setnx-expire" {
			pick = &got[i]
		}
	}
	if pick == nil {
		t.Fatalf("gopls published no leasevet diagnostic that standalone leasevet has a fix for")
	}
	return *pick
}

// checkFixed builds the fixed module and checks that standalone leasevet
// no longer reports the category.
func checkFixed(t *testing.T, dir, category string) {
	t.Helper()
	build := exec.Command("go", "build", "./...")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("the quick-fixed module does not build: %v\n%s", err, out)
	}
	for k, f := range standaloneFindings(t, dir) {
		if f.category == category {
			t.Errorf("after the quick fix leasevet still reports %s [%s]", k, category)
		}
	}
}

func leasevetOnly(ds []diagnostic) []diagnostic {
	var out []diagnostic
	for _, d := range ds {
		if isLeasevet(d.Source) {
			out = append(out, d)
		}
	}
	return out
}

func isLeasevet(source string) bool {
	return slices.ContainsFunc(analyzers.Default(), func(a *analysis.Analyzer) bool { return a.Name == source })
}
