package golangciplugin

import (
	"cmp"
	"errors"
	"fmt"
	"go/token"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// golangci-lint turns a diagnostic into issues its own way
// (pkg/goanalysis/runners.go, v2.15.0): the diagnostic is one issue, each
// of its related positions another issue ("(related information)"), and
// its category is dropped. With the default issues.uniq-by-line, only the
// first issue of each line is kept, whichever linter it comes from, so a
// related line ("lock acquired here") hides a finding on that line, and
// of two findings on one line (a SetNX that is both constant-token and
// no-ttl) one is lost. The plugin therefore hands golangci-lint one
// analyzer that runs leasevet's analyzers itself and reports one
// diagnostic per line: each finding's text with its related positions
// folded in and its category at the end, several findings of one line
// joined in one message, in position order.

// findingSeparator joins the findings of one line in one issue.
const findingSeparator = "; also: "

// combine returns one analyzer, named Name, that runs as on each package
// and reports their findings as issues; golangci-lint prints an analyzer
// named after the linter without an "analyzer: " prefix.
func combine(as []*analysis.Analyzer) *analysis.Analyzer {
	var requires []*analysis.Analyzer
	var facts []analysis.Fact
	for _, a := range as {
		for _, r := range a.Requires {
			if !slices.Contains(requires, r) {
				requires = append(requires, r)
			}
		}
		for _, f := range a.FactTypes {
			if !slices.ContainsFunc(facts, func(g analysis.Fact) bool { return reflect.TypeOf(g) == reflect.TypeOf(f) }) {
				facts = append(facts, f)
			}
		}
	}
	c := &analysis.Analyzer{
		Name:      Name,
		Doc:       "reports misuse of Redis distributed locks (every leasevet analyzer, one issue per line)",
		URL:       "https://github.com/leasevet/leasevet",
		Requires:  requires,
		FactTypes: facts,
		Run:       func(pass *analysis.Pass) (any, error) { return runAll(pass, as) },
	}
	if len(as) > 0 {
		// The set's analyzers share one flag set (analyzers.New): the
		// combined analyzer shows the same options.
		c.Flags = as[0].Flags
	}
	return c
}

// runAll runs each analyzer of as on pass's package, collects their
// diagnostics and reports them as issues. An analyzer's error does not
// stop the others: their findings are reported and the errors returned.
func runAll(pass *analysis.Pass, as []*analysis.Analyzer) (any, error) {
	var found []analysis.Diagnostic
	var errs []error
	for _, a := range as {
		inner := *pass
		inner.Analyzer = a
		inner.Report = func(d analysis.Diagnostic) { found = append(found, d) }
		if _, err := a.Run(&inner); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", a.Name, err))
		}
	}
	for _, d := range issues(pass.Fset, found) {
		pass.Report(d)
	}
	return nil, errors.Join(errs...)
}

// issues turns findings into one diagnostic per file line, in position
// order. Each carries its findings' suggested fixes and no related
// positions: those are in the message.
func issues(fset *token.FileSet, found []analysis.Diagnostic) []analysis.Diagnostic {
	found = slices.Clone(found)
	slices.SortStableFunc(found, func(a, b analysis.Diagnostic) int {
		return cmp.Or(cmp.Compare(a.Pos, b.Pos), strings.Compare(a.Category, b.Category))
	})
	var out []analysis.Diagnostic
	for _, line := range byLine(fset, found) {
		d := line[0]
		texts := make([]string, len(line))
		var fixes []analysis.SuggestedFix
		for i, f := range line {
			texts[i] = issueText(fset, f)
			fixes = append(fixes, f.SuggestedFixes...)
		}
		d.Message = strings.Join(texts, findingSeparator)
		d.SuggestedFixes = fixes
		d.Related = nil
		out = append(out, d)
	}
	return out
}

// byLine splits findings, sorted by position, into runs of one file line.
func byLine(fset *token.FileSet, found []analysis.Diagnostic) [][]analysis.Diagnostic {
	var lines [][]analysis.Diagnostic
	var last token.Position
	for i, d := range found {
		p := fset.Position(d.Pos)
		if i > 0 && p.Filename == last.Filename && p.Line == last.Line {
			lines[len(lines)-1] = append(lines[len(lines)-1], d)
			continue
		}
		lines = append(lines, []analysis.Diagnostic{d})
		last = p
	}
	return lines
}

// issueText is d's message with its related positions in parentheses and
// its category in brackets at the end ("... (value read at lock.go:12,
// compared in Go) [get-del]"). A related position the message already
// names, and a category it already ends with, are not repeated.
func issueText(fset *token.FileSet, d analysis.Diagnostic) string {
	tag := ""
	if d.Category != "" {
		tag = "[" + d.Category + "]"
	}
	msg := strings.TrimSuffix(d.Message, " "+tag)
	here := fset.Position(d.Pos)
	var parts []string
	for _, r := range d.Related {
		rp := fset.Position(r.Pos)
		if rp.IsValid() && mentions(msg, place(here, rp)) {
			continue // "(acquired by SetNX at lock.go:12)" says it already
		}
		parts = append(parts, relatedText(here, rp, r.Message))
	}
	if len(parts) > 0 {
		msg += " (" + strings.Join(parts, "; ") + ")"
	}
	if tag != "" {
		msg += " " + tag
	}
	return msg
}

// hereWord finds the word "here" in a related message ("lock acquired
// here"), the place its position goes.
var hereWord = regexp.MustCompile(`\bhere\b`)

// relatedText places a related message at its position, written relative
// to the finding's file: "lock acquired here" becomes "lock acquired at
// lock.go:12", a message without "here" gets " at lock.go:12" appended.
func relatedText(finding, related token.Position, msg string) string {
	if !related.IsValid() {
		return msg
	}
	at := "at " + place(finding, related)
	if loc := hereWord.FindStringIndex(msg); loc != nil {
		return msg[:loc[0]] + at + msg[loc[1]:]
	}
	return msg + " " + at
}

// place writes p as file:line, the file relative to the directory of the
// finding's file (the base name when they share it, as leasevet's
// messages write positions).
func place(finding, p token.Position) string {
	name := p.Filename
	if rel, err := filepath.Rel(filepath.Dir(finding.Filename), p.Filename); err == nil && finding.Filename != "" {
		name = rel
	}
	return fmt.Sprintf("%s:%d", name, p.Line)
}

// mentions reports whether msg names the position pos ("lock.go:12"),
// not merely a longer one ("lock.go:123").
func mentions(msg, pos string) bool {
	for i := strings.Index(msg, pos); i >= 0; {
		end := i + len(pos)
		if end == len(msg) || msg[end] < '0' || msg[end] > '9' {
			return true
		}
		next := strings.Index(msg[end:], pos)
		if next < 0 {
			return false
		}
		i = end + next
	}
	return false
}
