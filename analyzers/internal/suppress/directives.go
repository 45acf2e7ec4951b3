package suppress

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A directive is a suppression comment:
//
//	//leasevet:ignore <analyzer or category> <reason>
//	//nolint:leasevet // reason
//
// It silences diagnostics on its own line and on the line below it.
type directive struct {
	pos      token.Pos
	file     string
	line     int
	analyzer string // the name as written: an analyzer or a category; "" for nolint
	reason   string
	nolint   bool
}

// A Check is what a directive may name of one analyzer: the analyzer and
// the categories of its diagnostics, as the analyzer declares them. A
// directive may give either, since the category is what every output
// shows ([bare-del] in text, the SARIF rule id).
type Check struct {
	Analyzer   string
	Categories []string
}

// The categories of the diagnostics about directives, which every
// analyzer reports besides its own.
const (
	nameCategory   = "ignore-name"
	reasonCategory = "ignore-reason"
)

// Categories are the categories of the diagnostics about directives.
var Categories = []string{nameCategory, reasonCategory}

// names reports whether name is c's analyzer or one of its categories.
func (c Check) names(name string) bool {
	return name == c.Analyzer || slices.Contains(c.Categories, name)
}

func parseDirectives(pass *analysis.Pass) []*directive {
	var out []*directive
	for _, f := range pass.Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if d := parseDirective(c); d != nil {
					p := pass.Fset.Position(c.Pos())
					d.pos, d.file, d.line = c.Pos(), p.Filename, p.Line
					out = append(out, d)
				}
			}
		}
	}
	return out
}

func parseDirective(c *ast.Comment) *directive {
	text := c.Text
	if rest, ok := strings.CutPrefix(text, "//leasevet:ignore"); ok {
		if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
			return nil
		}
		rest, _, _ = strings.Cut(rest, "//") // a trailing comment is not the reason
		fields := strings.Fields(rest)
		d := &directive{}
		if len(fields) > 0 {
			d.analyzer = fields[0]
			d.reason = strings.Join(fields[1:], " ")
		}
		return d
	}
	if rest, ok := strings.CutPrefix(text, "//nolint"); ok {
		linters, reason, _ := strings.Cut(rest, "//")
		linters = strings.TrimSpace(linters)
		if linters == "" || hasLinter(linters, "leasevet") || hasLinter(linters, "all") {
			return &directive{nolint: true, reason: strings.TrimSpace(reason)}
		}
	}
	return nil
}

func hasLinter(spec, name string) bool {
	list, ok := strings.CutPrefix(spec, ":")
	if !ok {
		return false
	}
	for _, l := range strings.Split(list, ",") {
		if strings.TrimSpace(l) == name {
			return true
		}
	}
	return false
}

// Directives are the suppression directives of one package, parsed once
// when its model is built and read by the analyzers that run concurrently
// on it.
type Directives struct {
	list []*directive
}

// Parse returns the suppression directives in pass's files.
func Parse(pass *analysis.Pass) *Directives {
	return &Directives{list: parseDirectives(pass)}
}

// Report reports d for pass's analyzer unless a directive silences it.
func (ds *Directives) Report(pass *analysis.Pass, d analysis.Diagnostic) {
	p := pass.Fset.Position(d.Pos)
	for _, dir := range ds.list {
		if dir.file != p.Filename || (dir.line != p.Line && dir.line != p.Line-1) {
			continue
		}
		if dir.nolint || dir.reason != "" && (dir.analyzer == pass.Analyzer.Name || dir.analyzer == d.Category) {
			return
		}
	}
	pass.Report(d)
}

// CheckDirectives reports the //leasevet:ignore directives for pass's
// analyzer, own (by its name or one of its categories), that give no
// reason, since a suppression must say why; and, from the first analyzer
// of set only, the directives whose name is no analyzer or category of
// the set: a misspelt name would otherwise silence nothing, silently. An
// analyzer run outside a set (set empty) knows only its own names and
// checks only its own directives.
func (ds *Directives) CheckDirectives(pass *analysis.Pass, own Check, set []Check) {
	for _, dir := range ds.list {
		if dir.nolint {
			continue
		}
		switch {
		case len(set) > 0 && pass.Analyzer.Name == set[0].Analyzer && !namedIn(set, dir.analyzer):
			pass.Report(analysis.Diagnostic{
				Pos:      dir.pos,
				Category: nameCategory,
				Message:  unknownNameMessage(dir.analyzer, set),
			})
		case own.names(dir.analyzer) && dir.reason == "":
			pass.Report(analysis.Diagnostic{
				Pos:      dir.pos,
				Category: reasonCategory,
				Message:  "//leasevet:ignore " + dir.analyzer + " needs a reason after the analyzer name; the directive is ignored",
			})
		}
	}
}

// namedIn reports whether name is an analyzer or category of set.
func namedIn(set []Check, name string) bool {
	return slices.ContainsFunc(set, func(c Check) bool { return c.names(name) })
}

// Examples are the categories the message about an unknown name shows as
// examples, the best known three; a test checks that the analyzer set
// declares them.
var Examples = []string{"bare-del", "get-del", "no-ttl"}

// unknownNameMessage says what a directive with an unknown name should
// name instead: the analyzers of set, and a few categories.
func unknownNameMessage(name string, set []Check) string {
	if name == "" {
		return "//leasevet:ignore needs an analyzer or category name and a reason; the directive is ignored"
	}
	var names []string
	for _, c := range set {
		names = append(names, c.Analyzer)
	}
	slices.Sort(names)
	return "//leasevet:ignore " + name + " names no leasevet analyzer or category (analyzers: " + strings.Join(names, ", ") +
		"; categories such as " + strings.Join(Examples, ", ") + "); the directive is ignored"
}
