package suppress

import (
	"go/ast"
	"go/token"
	"maps"
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

// categories maps every diagnostic category to the analyzer that reports
// it. A directive may name either, since the category is what every output
// shows ([bare-del] in text, the SARIF rule id), and the name must be one of
// them: a misspelt name would otherwise silence nothing, silently. A new
// category must be added here (TestCategories_coverAnalyzers checks the
// analyzer names).
var categories = map[string]string{
	"setnx-expire":          "setnxexpire",
	"setnx-expire-pipeline": "setnxexpire",
	"no-ttl":                "setnxexpire",
	"get-del":               "getdel",
	"get-expire":            "getdel",
	"bare-del":              "baredel",
	"bare-renew":            "barerenew",
	"constant-token":        "locktoken",
	"instance-token":        "locktoken",
	"time-token":            "locktoken",
	"unchecked-release":     "releaseresult",
	"unchecked-acquire":     "acquireresult",
	"spin-acquire":          "acquireloop",
	"unbounded-acquire":     "acquireloop",
	"watchdog-leak":         "renewal",
	"release-before-stop":   "renewal",
}

// directiveChecker is the analyzer that reports directives naming no known
// analyzer or category: one analyzer, so that each is reported once.
const directiveChecker = "setnxexpire"

// ownerOf returns the analyzer a directive's name refers to (the analyzer
// itself, or the one reporting the category), or "" when it is unknown.
func ownerOf(name string) string {
	if a, ok := categories[name]; ok {
		return a
	}
	for _, a := range categories {
		if a == name {
			return a
		}
	}
	return ""
}

// Categories returns the category table, for tests that check it against
// the analyzers.
func Categories() map[string]string { return maps.Clone(categories) }

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
// analyzer (by its name or one of its categories) that give no reason, since
// a suppression must say why, and, from one analyzer only, the directives
// whose name is neither an analyzer nor a category.
func (ds *Directives) CheckDirectives(pass *analysis.Pass) {
	for _, dir := range ds.list {
		if dir.nolint {
			continue
		}
		owner := ownerOf(dir.analyzer)
		switch {
		case owner == "" && pass.Analyzer.Name == directiveChecker:
			pass.Report(analysis.Diagnostic{
				Pos:      dir.pos,
				Category: "ignore-name",
				Message:  unknownNameMessage(dir.analyzer),
			})
		case owner == pass.Analyzer.Name && dir.reason == "":
			pass.Report(analysis.Diagnostic{
				Pos:      dir.pos,
				Category: "ignore-reason",
				Message:  "//leasevet:ignore " + dir.analyzer + " needs a reason after the analyzer name; the directive is ignored",
			})
		}
	}
}

// unknownNameMessage says what a directive with an unknown name should
// name instead.
func unknownNameMessage(name string) string {
	if name == "" {
		return "//leasevet:ignore needs an analyzer or category name and a reason; the directive is ignored"
	}
	return "//leasevet:ignore " + name + " names no leasevet analyzer or category (analyzers: acquireloop, acquireresult, baredel, " +
		"barerenew, getdel, locktoken, releaseresult, renewal, setnxexpire; categories such as bare-del, get-del, no-ttl); the directive is ignored"
}
