package driver

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/leasevet/leasevet/cmd/leasevet/internal/sarif"
)

// schemaFile is the OASIS SARIF 2.1.0 schema (errata 01); see
// ../sarif/testdata/README.md for where it comes from.
var schemaFile = filepath.Join("..", "sarif", "testdata", "sarif-schema-2.1.0.json")

func compileSARIFSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("schema: %v", err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(sarif.SchemaURI, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(sarif.SchemaURI)
	if err != nil {
		t.Fatalf("compiling the SARIF schema: %v", err)
	}
	return sch
}

func TestDriver_writeSARIF_validAgainstSchema(t *testing.T) {
	dir := fixtureDir(t)
	r := runCmd(t, dir, "-sarif", "./...")
	if r.code != 0 {
		t.Fatalf("-sarif: exit %d: %s", r.code, r.stderr)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(r.stdout))
	if err != nil {
		t.Fatalf("output is not JSON: %v", err)
	}
	if err := compileSARIFSchema(t).Validate(inst); err != nil {
		t.Fatalf("SARIF output does not validate: %v\n%s", err, r.stdout)
	}
	// The validator must catch a broken log, or the check above proves
	// nothing: a region line must be at least 1.
	broken := strings.Replace(r.stdout, `"startLine": `, `"startLine": -`, 1)
	inst, err = jsonschema.UnmarshalJSON(strings.NewReader(broken))
	if err != nil || compileSARIFSchema(t).Validate(inst) == nil {
		t.Errorf("a log with a negative startLine validated (err %v)", err)
	}
	// An empty run must validate too.
	clean := runCmd(t, dir, "-sarif", "-badcall.name=nosuch", "-emptyfunc=false", "./...")
	inst, err = jsonschema.UnmarshalJSON(strings.NewReader(clean.stdout))
	if err != nil || compileSARIFSchema(t).Validate(inst) != nil {
		t.Errorf("empty SARIF log does not validate: %v\n%s", err, clean.stdout)
	}
}

func TestDriver_writeSARIF_content(t *testing.T) {
	dir := fixtureDir(t)
	r := runCmd(t, dir, "-sarif", "./...")
	var log sarif.Log
	if err := json.Unmarshal([]byte(r.stdout), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if base := run.OriginalURIBaseIDs[sarif.SrcRoot].URI; base != "file://"+dir+"/" {
		t.Errorf("%%SRCROOT%% = %q, want the module root %q", base, dir)
	}
	rules := make(map[string]bool)
	for i, rule := range run.Tool.Driver.Rules {
		rules[rule.ID] = true
		if rule.HelpURI == "" || rule.Help == nil || rule.ShortDescription == nil {
			t.Errorf("rule %d (%s) lacks help", i, rule.ID)
		}
	}
	if !rules["bad-call"] || !rules["emptyfunc"] {
		t.Errorf("rules = %v, want one per category (bad-call) and the analyzer name for uncategorised (emptyfunc)", rules)
	}
	bad := 0
	for _, res := range run.Results {
		if run.Tool.Driver.Rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("ruleIndex %d does not point at %s", res.RuleIndex, res.RuleID)
		}
		loc := res.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URIBaseID != sarif.SrcRoot || strings.HasPrefix(loc.ArtifactLocation.URI, "/") {
			t.Errorf("location %+v is not relative to %%SRCROOT%%", loc.ArtifactLocation)
		}
		if res.RuleID == "bad-call" {
			bad++
			checkBadCallResult(t, dir, res)
		}
	}
	if bad != countBad(t, dir) {
		t.Errorf("%d bad-call results, want %d", bad, countBad(t, dir))
	}
}

// checkBadCallResult checks that the region covers exactly the text
// "bad()" in UTF-16 columns, and the related location and the fix.
func checkBadCallResult(t *testing.T, dir string, res sarif.Result) {
	t.Helper()
	loc := res.Locations[0].PhysicalLocation
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(loc.ArtifactLocation.URI)))
	if err != nil {
		t.Fatal(err)
	}
	line := []rune(strings.Split(string(data), "\n")[loc.Region.StartLine-1])
	u := utf16.Encode(line)
	got := string(utf16.Decode(u[loc.Region.StartColumn-1 : loc.Region.EndColumn-1]))
	if got != "bad()" {
		t.Errorf("%s:%d: region columns %d-%d select %q, want \"bad()\"", loc.ArtifactLocation.URI,
			loc.Region.StartLine, loc.Region.StartColumn, loc.Region.EndColumn, got)
	}
	if len(res.RelatedLocations) != 1 || res.RelatedLocations[0].Message == nil ||
		!strings.Contains(res.RelatedLocations[0].Message.Text, "declared here") || *res.RelatedLocations[0].ID != 1 {
		t.Errorf("related locations = %+v", res.RelatedLocations)
	}
	if want := "call of bad ([bad is declared here](1))"; res.Message.Text != want {
		t.Errorf("message %q, want %q: the related location linked by its id", res.Message.Text, want)
	}
	if len(res.Fixes) != 1 {
		t.Fatalf("fixes = %+v", res.Fixes)
	}
	rep := res.Fixes[0].ArtifactChanges[0].Replacements[0]
	off, n := *rep.DeletedRegion.ByteOffset, *rep.DeletedRegion.ByteLength
	if string(data[off:off+n]) != "bad" || rep.InsertedContent.Text != "good" {
		t.Errorf("fix replaces %q with %q", data[off:off+n], rep.InsertedContent.Text)
	}
	// The same region by line and column, which reviewdog reads.
	r := rep.DeletedRegion
	if r.StartLine != loc.Region.StartLine || r.EndLine != r.StartLine || r.StartColumn != loc.Region.StartColumn ||
		string(utf16.Decode(u[r.StartColumn-1:r.EndColumn-1])) != "bad" {
		t.Errorf("fix region %+v does not select \"bad\" at line %d", r, loc.Region.StartLine)
	}
}

func TestDriver_writeSARIF_helpBase(t *testing.T) {
	dir := fixtureDir(t)
	for _, c := range []struct{ flag, want string }{
		{"", "https://github.com/leasevet/leasevet/blob/main/docs/checks/README.md"},
		{"-sarif-help-base=https://git.example.com/mirror/leasevet/docs/checks", "https://git.example.com/mirror/leasevet/docs/checks/README.md"},
	} {
		args := []string{"-sarif", "./..."}
		if c.flag != "" {
			args = append([]string{c.flag}, args...)
		}
		r := runCmd(t, dir, args...)
		var log sarif.Log
		if err := json.Unmarshal([]byte(r.stdout), &log); err != nil || r.code != 0 {
			t.Fatalf("%v: exit %d, %v: %s", args, r.code, err, r.stderr)
		}
		for _, rule := range log.Runs[0].Tool.Driver.Rules {
			if rule.HelpURI != c.want {
				t.Errorf("%v: rule %s helpUri %q, want %q (a category without a page)", args, rule.ID, rule.HelpURI, c.want)
			}
		}
	}
	for _, args := range [][]string{
		{"-sarif-help-base=https://example.com/", "./..."},
		{"-sarif", "-sarif-help-base=docs/checks/", "./..."},
		{"-sarif", "-sarif-help-base=:/x", "./..."},
	} {
		if r := runCmd(t, dir, args...); r.code != ExitUsage || !strings.Contains(r.stderr, "-sarif-help-base") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and a message", args, r.code, r.stderr)
		}
	}
}
