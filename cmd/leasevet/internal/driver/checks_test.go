package driver

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/leasevet/leasevet/analyzers"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/report"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/sarif"
	"github.com/leasevet/leasevet/docs/checks"
)

// The tests in this file run leasevet's own analyzers, in process, on the
// bundled example module testdata/example.

func leasevetDriver(t *testing.T) (*Driver, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "..", "testdata", "example"))
	if err != nil {
		t.Fatal(err)
	}
	// go vet runs this test binary as the vet tool, which TestMain makes
	// one with the default analyzers.
	t.Setenv(runAsDefaultVetToolEnv, "1")
	var out, errb bytes.Buffer
	return &Driver{Name: "leasevet", Analyzers: analyzers.Default(), Stdout: &out, Stderr: &errb, Dir: dir,
		VetTool: os.Args[0]}, &out, &errb
}

func TestDriver_Main_helpEveryCheckOfLeasevet(t *testing.T) {
	d, _, _ := leasevetDriver(t)
	all, err := d.checks()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 16 {
		t.Fatalf("leasevet's analyzers have %d checks", len(all))
	}
	for _, ch := range all {
		d, out, errb := leasevetDriver(t)
		if code := d.Main([]string{"help", ch.Category}); code != ExitClean || out.String() != ch.Page {
			t.Errorf("help %s: exit %d, stderr %q, stdout is the page: %t", ch.Category, code, errb, out.String() == ch.Page)
		}
	}
}

// TestDriver_writeSARIF_leasevetRules checks the log of the example
// module: schema-valid, a rule for every check of every analyzer with its
// page, and results whose messages link their evidence.
func TestDriver_writeSARIF_leasevetRules(t *testing.T) {
	d, out, errb := leasevetDriver(t)
	if code := d.Main([]string{"-sarif", "./..."}); code != ExitClean {
		t.Fatalf("-sarif: exit %d: %s", code, errb)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if err := compileSARIFSchema(t).Validate(inst); err != nil {
		t.Fatalf("SARIF output does not validate: %v", err)
	}
	var log sarif.Log
	if err := json.Unmarshal(out.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	all, err := d.checks()
	if err != nil {
		t.Fatal(err)
	}
	rules := make(map[string]sarif.ReportingDescriptor)
	for _, r := range run.Tool.Driver.Rules {
		rules[r.ID] = r
	}
	for _, ch := range all {
		r, ok := rules[ch.Category]
		if !ok {
			t.Errorf("no rule for %s", ch.Category)
			continue
		}
		checkRule(t, ch, r)
	}
	if len(rules) != len(all) {
		t.Errorf("%d rules for %d checks: a category without a page was reported", len(rules), len(all))
	}
	checkResults(t, d.Dir, run, rules)
}

// checkRule checks one rule against its check's page.
func checkRule(t *testing.T, ch checks.Check, r sarif.ReportingDescriptor) {
	t.Helper()
	if r.HelpURI != report.DefaultHelpBase+ch.Category+".md" {
		t.Errorf("%s: helpUri %q", ch.Category, r.HelpURI)
	}
	page := filepath.Join("..", "..", "..", "..", "docs", "checks", strings.TrimPrefix(r.HelpURI, report.DefaultHelpBase))
	if data, err := os.ReadFile(page); err != nil || string(data) != ch.Page {
		t.Errorf("%s: helpUri does not name its page in the repository: %v", ch.Category, err)
	}
	md := r.Help.Markdown
	if r.Help.Text != ch.Page || !strings.HasPrefix(md, "# "+ch.Category+": ") ||
		strings.Contains(md, "](README.md") || strings.Contains(md, "](bare-del.md") {
		t.Errorf("%s: help text is not the page, or its markdown keeps relative links", ch.Category)
	}
	if r.ShortDescription.Text != ch.Title || r.FullDescription.Text != ch.Summary {
		t.Errorf("%s: descriptions %q / %q", ch.Category, r.ShortDescription.Text, r.FullDescription.Text)
	}
	p := r.Properties
	tags, _ := p["tags"].([]any)
	if p["precision"] != ch.Precision || p["problem.severity"] != ch.Severity || len(tags) != len(ch.Tags) {
		t.Errorf("%s: properties %v", ch.Category, p)
	}
	if sev, _ := p["security-severity"].(string); sev != ch.SecuritySeverity {
		t.Errorf("%s: security-severity %q, want %q", ch.Category, sev, ch.SecuritySeverity)
	}
	if want := map[string]string{"error": "error", "warning": "warning", "recommendation": "note"}[ch.Severity]; r.DefaultConfiguration.Level != want {
		t.Errorf("%s: level %q, want %q", ch.Category, r.DefaultConfiguration.Level, want)
	}
}

// checkResults checks the results' levels, their links to the related
// locations, and that every fix region's lines and columns select the
// same bytes as its offsets.
func checkResults(t *testing.T, dir string, run sarif.Run, rules map[string]sarif.ReportingDescriptor) {
	t.Helper()
	fixes := 0
	for _, res := range run.Results {
		if res.Level != rules[res.RuleID].DefaultConfiguration.Level {
			t.Errorf("%s: level %q", res.RuleID, res.Level)
		}
		for i, rel := range res.RelatedLocations {
			if link := "](" + strconv.Itoa(i+1) + ")"; *rel.ID != i+1 || !strings.Contains(res.Message.Text, link) {
				t.Errorf("%s: message %q does not link related location %d", res.RuleID, res.Message.Text, i+1)
			}
		}
		for _, fix := range res.Fixes {
			for _, ch := range fix.ArtifactChanges {
				data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(ch.ArtifactLocation.URI)))
				if err != nil {
					t.Fatal(err)
				}
				for _, rep := range ch.Replacements {
					fixes++
					checkFixRegion(t, res.RuleID, data, rep.DeletedRegion)
				}
			}
		}
	}
	if len(run.Results) < 9 || fixes == 0 || !slices.ContainsFunc(run.Results, func(r sarif.Result) bool { return len(r.RelatedLocations) > 1 }) {
		t.Errorf("%d results, %d fix replacements: the example module should give findings with evidence and fixes", len(run.Results), fixes)
	}
}

func checkFixRegion(t *testing.T, rule string, data []byte, r sarif.Region) {
	t.Helper()
	lines := strings.SplitAfter(string(data), "\n")
	offset := func(line, col int) int {
		n := 0
		for _, l := range lines[:line-1] {
			n += len(l)
		}
		u := utf16.Encode([]rune(lines[line-1]))
		return n + len(string(utf16.Decode(u[:col-1])))
	}
	if r.StartLine < 1 || r.EndLine < r.StartLine || r.EndLine > len(lines) {
		t.Fatalf("%s: fix region %+v has no lines", rule, r)
	}
	start, end := offset(r.StartLine, r.StartColumn), offset(r.EndLine, r.EndColumn)
	if start != *r.ByteOffset || end-start != *r.ByteLength {
		t.Errorf("%s: fix region lines/columns select bytes [%d, %d), offsets say [%d, %d)", rule, start, end, *r.ByteOffset, *r.ByteOffset+*r.ByteLength)
	}
}

// A finding of an analyzer with pages that no page describes (a
// malformed directive) gets a rule whose help is the index.
func TestDriver_writeSARIF_directiveFindingPointsAtTheIndex(t *testing.T) {
	d, out, errb := leasevetDriver(t)
	example := d.Dir
	sum, err := os.ReadFile(filepath.Join(example, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	d.Dir = t.TempDir()
	writeFile(t, filepath.Join(d.Dir, "go.mod"), sameRequirements(t, filepath.Join(example, "go.mod"), "example.com/directives"))
	writeFile(t, filepath.Join(d.Dir, "go.sum"), string(sum))
	writeFile(t, filepath.Join(d.Dir, "p.go"), "package p\n\nimport (\n\t\"context\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\n"+
		"func Ping(ctx context.Context, rdb *redis.Client) {\n\t//leasevet:ignore bare-dell a typo\n\trdb.Ping(ctx)\n}\n")
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOPROXY", "off")
	if code := d.Main([]string{"-sarif", "./..."}); code != ExitClean {
		t.Fatalf("-sarif: exit %d: %s", code, errb)
	}
	var log sarif.Log
	if err := json.Unmarshal(out.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if len(run.Results) != 1 || run.Results[0].RuleID != "ignore-name" {
		t.Fatalf("results %+v, want one ignore-name", run.Results)
	}
	if r := run.Tool.Driver.Rules[run.Results[0].RuleIndex]; r.HelpURI != report.DefaultHelpBase+"README.md" {
		t.Errorf("ignore-name's helpUri = %q, want the index", r.HelpURI)
	}
}

// sameRequirements returns the go.mod of a new module named module that
// requires what the module of gomod does, without its replaced modules:
// with GOPROXY=off, a module requiring less (only go-redis) would select
// go-redis's own older requirements, whose zips the fixture modules'
// downloads never fetched.
func sameRequirements(t *testing.T, gomod, module string) string {
	t.Helper()
	data, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("module " + module + "\n")
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(line, "module ") || strings.HasPrefix(line, "replace ") || strings.Contains(line, "leasevet/safelock") {
			continue
		}
		b.WriteString(line)
	}
	return b.String()
}
