package report

import (
	"bytes"
	"go/token"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/leasevet/leasevet/cmd/leasevet/internal/findings"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/sarif"
	"github.com/leasevet/leasevet/docs/checks"
)

// DefaultHelpBase is where the checks' pages are read: docs/checks on
// the main branch of leasevet's repository. A rule's helpUri is the base
// followed by the check's file name.
const DefaultHelpBase = "https://github.com/leasevet/leasevet/blob/main/docs/checks/"

// SARIFConfig is what a SARIF log says beside the findings.
type SARIFConfig struct {
	Name, Version string               // the tool
	WorkDir       string               // the source root when the packages have no main module
	HelpBase      string               // the URL of the checks' pages, ending in a slash
	Analyzers     []*analysis.Analyzer // the analyzers that ran: each of their checks is a rule
	Checks        []checks.Check       // the checks' pages
}

// SARIFLog builds the log of a run: one rule per check of every analyzer
// that ran, whether or not it found something, with its page as help and
// the properties code-scanning services rank by, and one result per
// finding. A finding of a category without a page gets a rule of its own,
// made from its analyzer. Locations are relative to the main module of
// the analyzed packages, or to cfg.WorkDir when there is none.
func SARIFLog(res *findings.Results, cfg SARIFConfig) *sarif.Log {
	root := sourceRoot(res, cfg.WorkDir)
	b := &sarifBuilder{root: root, helpBase: cfg.HelpBase, lines: make(map[string][][]byte),
		ruleIndex: make(map[string]int), levels: make(map[string]string), documented: make(map[string]bool)}
	for _, a := range cfg.Analyzers {
		for _, ch := range cfg.Checks {
			if ch.Analyzer == a.Name {
				b.addRule(checkRule(ch, cfg.HelpBase), level(ch.Severity))
				b.documented[a.Name] = true
			}
		}
	}
	for _, f := range res.Findings {
		b.add(f)
	}
	driver := sarif.ToolComponent{
		Name:           cfg.Name,
		Version:        cfg.Version,
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

// checkRule is the rule of a check, from its page.
func checkRule(ch checks.Check, helpBase string) sarif.ReportingDescriptor {
	props := map[string]any{
		"analyzer":         ch.Analyzer,
		"precision":        ch.Precision,
		"problem.severity": ch.Severity,
		"tags":             ch.Tags,
	}
	if ch.SecuritySeverity != "" {
		props["security-severity"] = ch.SecuritySeverity
	}
	return sarif.ReportingDescriptor{
		ID:                   ch.Category,
		Name:                 ruleName(ch.Category),
		ShortDescription:     &sarif.MultiformatMessageString{Text: ch.Title},
		FullDescription:      &sarif.MultiformatMessageString{Text: ch.Summary},
		Help:                 &sarif.MultiformatMessageString{Text: ch.Page, Markdown: absoluteLinks(ch.Page, helpBase)},
		HelpURI:              helpBase + ch.Category + ".md",
		DefaultConfiguration: &sarif.Configuration{Level: level(ch.Severity)},
		Properties:           props,
	}
}

// ruleName is the category in PascalCase, the form SARIF suggests for a
// rule's name: bare-del becomes BareDel.
func ruleName(category string) string {
	var b strings.Builder
	for _, w := range strings.Split(category, "-") {
		if w != "" {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}

// level is the SARIF result level of a problem.severity.
func level(severity string) string {
	switch severity {
	case "error":
		return "error"
	case "recommendation":
		return "note"
	}
	return "warning"
}

// absoluteLinks makes a page's links to the other pages (written by file
// name, "](get-del.md)" or "](README.md#clients)") absolute, so that they
// work where the help is shown, in a code-scanning alert.
func absoluteLinks(page, helpBase string) string {
	var b strings.Builder
	for {
		i := strings.Index(page, "](")
		if i < 0 {
			b.WriteString(page)
			return b.String()
		}
		b.WriteString(page[:i+2])
		page = page[i+2:]
		if target, _, ok := strings.Cut(page, ")"); ok && isPageName(target) {
			b.WriteString(helpBase)
		}
	}
}

// isPageName reports whether a link target is a file name of docs/checks,
// with an optional fragment.
func isPageName(target string) bool {
	name, _, _ := strings.Cut(target, "#")
	base, ok := strings.CutSuffix(name, ".md")
	return ok && base != "" && strings.Trim(base, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") == ""
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
	helpBase  string
	lines     map[string][][]byte // file contents split in lines, for columns
	rules     []sarif.ReportingDescriptor
	ruleIndex map[string]int
	levels    map[string]string // the level of each rule's results
	results   []sarif.Result
	// documented are the analyzers with pages: their other findings (a
	// malformed directive) are described by the index, not by a.URL.
	documented map[string]bool
}

// ruleID is the diagnostic's category, or the analyzer name for an
// analyzer that does not set one.
func ruleID(f findings.Finding) string {
	if f.Diag.Category != "" {
		return f.Diag.Category
	}
	return f.Analyzer.Name
}

// addRule adds a rule whose results have the given level.
func (b *sarifBuilder) addRule(r sarif.ReportingDescriptor, level string) int {
	b.rules = append(b.rules, r)
	b.ruleIndex[r.ID] = len(b.rules) - 1
	b.levels[r.ID] = level
	return len(b.rules) - 1
}

// rule returns the index of the finding's rule, adding a rule made from
// its analyzer when its category has no page (helpUri: the analyzer's URL,
// or the index for an analyzer with pages).
func (b *sarifBuilder) rule(f findings.Finding) int {
	id := ruleID(f)
	if i, ok := b.ruleIndex[id]; ok {
		return i
	}
	a := f.Analyzer
	helpURI := b.helpBase + "README.md"
	if a.URL != "" && !b.documented[a.Name] {
		helpURI = a.URL
	}
	return b.addRule(sarif.ReportingDescriptor{
		ID:               id,
		Name:             ruleName(id),
		ShortDescription: &sarif.MultiformatMessageString{Text: Summary(a)},
		FullDescription:  &sarif.MultiformatMessageString{Text: a.Doc},
		Help:             &sarif.MultiformatMessageString{Text: a.Doc},
		HelpURI:          helpURI,
		Properties:       map[string]any{"analyzer": a.Name},
	}, "warning")
}

func (b *sarifBuilder) add(f findings.Finding) {
	i := b.rule(f)
	r := sarif.Result{
		RuleID:    ruleID(f),
		RuleIndex: i,
		Level:     b.levels[ruleID(f)],
		Message:   sarif.Message{Text: resultText(f.Diag)},
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

// resultText is the diagnostic's message with a link to each related
// location (id i+1 for Related[i]), as GitHub renders them: the evidence
// a finding names is one click away.
func resultText(d analysis.Diagnostic) string {
	text := sarif.EscapeText(d.Message)
	var links []string
	for i, rel := range d.Related {
		msg := rel.Message
		if msg == "" {
			msg = "related location"
		}
		links = append(links, sarif.RelatedLink(msg, i+1))
	}
	if len(links) > 0 {
		text += " (" + strings.Join(links, ", ") + ")"
	}
	return text
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
	region := b.region(start, end)
	return sarif.PhysicalLocation{ArtifactLocation: sarif.ArtifactFor(b.root, start.Filename), Region: &region}
}

// region is the lines and UTF-16 columns of a start..end range; an end
// in another file or before the start is left out.
func (b *sarifBuilder) region(start, end token.Position) sarif.Region {
	region := sarif.Region{
		StartLine:   start.Line,
		StartColumn: sarif.UTF16Column(b.line(start.Filename, start.Line), start.Column),
	}
	if end.IsValid() && end.Filename == start.Filename && end.Offset >= start.Offset {
		region.EndLine = end.Line
		region.EndColumn = sarif.UTF16Column(b.line(end.Filename, end.Line), end.Column)
	}
	return region
}

// fix converts a suggested fix to replacements whose regions have both
// lines and columns and byte offsets; it reports
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
		region := b.region(fset.Position(te.Pos), fset.Position(end))
		region.ByteOffset, region.ByteLength = &off, &length
		ch.Replacements = append(ch.Replacements, sarif.Replacement{
			DeletedRegion:   region,
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
