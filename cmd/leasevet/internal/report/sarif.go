package report

import (
	"bytes"
	"go/token"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/leasevet/leasevet/cmd/leasevet/internal/findings"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/sarif"
)

// defaultHelpBase is where a rule's documentation lives when its analyzer
// has no URL: the README section named after the category.
const defaultHelpBase = "https://github.com/leasevet/leasevet#"

// SARIFLog builds the log of a run of the tool name at version: one rule
// per diagnostic category, one result per finding. Locations are relative
// to the main module of the analyzed packages, or to wd when there is none.
func SARIFLog(res *findings.Results, name, version, wd string) *sarif.Log {
	root := sourceRoot(res, wd)
	b := &sarifBuilder{root: root, lines: make(map[string][][]byte), ruleIndex: make(map[string]int)}
	for _, f := range res.Findings {
		b.add(f)
	}
	driver := sarif.ToolComponent{
		Name:           name,
		Version:        version,
		InformationURI: "https://github.com/leasevet/leasevet",
		Rules:          b.rules,
	}
	if driver.Rules == nil {
		driver.Rules = []sarif.ReportingDescriptor{}
	}
	run := sarif.Run{
		Tool:               sarif.Tool{Driver: driver},
		OriginalURIBaseIDs: sarif.RootBase(root),
		Results:            b.results,
		ColumnKind:         "utf16CodeUnits",
	}
	if run.Results == nil {
		run.Results = []sarif.Result{}
	}
	return &sarif.Log{Schema: sarif.SchemaURI, Version: sarif.Version, Runs: []sarif.Run{run}}
}

// sourceRoot is the directory of the main module of the analyzed
// packages, or wd when there is none.
func sourceRoot(res *findings.Results, wd string) string {
	for _, p := range res.Roots {
		if p.Module != nil && p.Module.Main && p.Module.Dir != "" {
			return p.Module.Dir
		}
	}
	return wd
}

// sarifBuilder accumulates rules and results.
type sarifBuilder struct {
	root      string
	lines     map[string][][]byte // file contents split in lines, for columns
	rules     []sarif.ReportingDescriptor
	ruleIndex map[string]int
	results   []sarif.Result
}

// ruleID is the diagnostic's category, or the analyzer name for an
// analyzer that does not set one.
func ruleID(f findings.Finding) string {
	if f.Diag.Category != "" {
		return f.Diag.Category
	}
	return f.Analyzer.Name
}

// rule returns the index of the finding's rule, adding the rule first.
func (b *sarifBuilder) rule(f findings.Finding) int {
	id := ruleID(f)
	if i, ok := b.ruleIndex[id]; ok {
		return i
	}
	a := f.Analyzer
	helpURI := defaultHelpBase + id
	if a.URL != "" {
		helpURI = a.URL
	}
	b.rules = append(b.rules, sarif.ReportingDescriptor{
		ID:               id,
		Name:             a.Name,
		ShortDescription: &sarif.MultiformatMessageString{Text: Summary(a)},
		FullDescription:  &sarif.MultiformatMessageString{Text: a.Doc},
		Help:             &sarif.MultiformatMessageString{Text: a.Doc},
		HelpURI:          helpURI,
		Properties:       map[string]any{"analyzer": a.Name},
	})
	b.ruleIndex[id] = len(b.rules) - 1
	return len(b.rules) - 1
}

func (b *sarifBuilder) add(f findings.Finding) {
	r := sarif.Result{
		RuleID:    ruleID(f),
		RuleIndex: b.rule(f),
		Level:     "warning",
		Message:   sarif.Message{Text: f.Diag.Message},
		Locations: []sarif.Location{{PhysicalLocation: b.physical(f.Posn, f.End)}},
	}
	for i, rel := range f.Diag.Related {
		r.RelatedLocations = append(r.RelatedLocations, b.related(f.Pkg.Fset, i, rel))
	}
	for _, sf := range f.Diag.SuggestedFixes {
		if fix, ok := b.fix(f.Pkg.Fset, sf); ok {
			r.Fixes = append(r.Fixes, fix)
		}
	}
	b.results = append(b.results, r)
}

func (b *sarifBuilder) related(fset *token.FileSet, i int, rel analysis.RelatedInformation) sarif.Location {
	id := i + 1
	end := rel.End
	if !end.IsValid() {
		end = rel.Pos
	}
	return sarif.Location{
		ID:               &id,
		PhysicalLocation: b.physical(fset.Position(rel.Pos), fset.Position(end)),
		Message:          &sarif.Message{Text: rel.Message},
	}
}

// physical is the location of a start..end range with UTF-16 columns.
func (b *sarifBuilder) physical(start, end token.Position) sarif.PhysicalLocation {
	region := &sarif.Region{
		StartLine:   start.Line,
		StartColumn: sarif.UTF16Column(b.line(start.Filename, start.Line), start.Column),
	}
	if end.IsValid() && end.Filename == start.Filename && end.Offset >= start.Offset {
		region.EndLine = end.Line
		region.EndColumn = sarif.UTF16Column(b.line(end.Filename, end.Line), end.Column)
	}
	return sarif.PhysicalLocation{ArtifactLocation: sarif.ArtifactFor(b.root, start.Filename), Region: region}
}

// fix converts a suggested fix to byte-offset replacements; it reports
// false for a fix whose edits cannot be placed.
func (b *sarifBuilder) fix(fset *token.FileSet, sf analysis.SuggestedFix) (sarif.Fix, bool) {
	byFile := make(map[string]*sarif.ArtifactChange)
	var order []string
	for _, te := range sf.TextEdits {
		tf := fset.File(te.Pos)
		end := te.End
		if !end.IsValid() {
			end = te.Pos
		}
		if tf == nil || fset.File(end) != tf || end < te.Pos {
			return sarif.Fix{}, false
		}
		ch := byFile[tf.Name()]
		if ch == nil {
			ch = &sarif.ArtifactChange{ArtifactLocation: sarif.ArtifactFor(b.root, tf.Name())}
			byFile[tf.Name()] = ch
			order = append(order, tf.Name())
		}
		off, length := tf.Offset(te.Pos), tf.Offset(end)-tf.Offset(te.Pos)
		ch.Replacements = append(ch.Replacements, sarif.Replacement{
			DeletedRegion:   sarif.Region{ByteOffset: &off, ByteLength: &length},
			InsertedContent: &sarif.ArtifactContent{Text: string(te.NewText)},
		})
	}
	fix := sarif.Fix{Description: &sarif.Message{Text: sf.Message}}
	for _, name := range order {
		fix.ArtifactChanges = append(fix.ArtifactChanges, *byFile[name])
	}
	return fix, len(fix.ArtifactChanges) > 0
}

// line returns the 1-based line of the file, or nil if it cannot be read
// (columns then stay byte columns, which is exact for ASCII).
func (b *sarifBuilder) line(name string, n int) []byte {
	lines, ok := b.lines[name]
	if !ok {
		if data, err := os.ReadFile(name); err == nil {
			lines = bytes.SplitAfter(data, []byte("\n"))
		}
		b.lines[name] = lines
	}
	if n < 1 || n > len(lines) {
		return nil
	}
	return lines[n-1]
}

// Summary is the first line of an analyzer's Doc without a leading
// "name: ", the one-line summary by the go/analysis convention: the rule's
// short description here, and the analyzer's line in the command's help.
func Summary(a *analysis.Analyzer) string {
	first, _, _ := strings.Cut(a.Doc, "\n")
	return strings.TrimPrefix(first, a.Name+": ")
}
