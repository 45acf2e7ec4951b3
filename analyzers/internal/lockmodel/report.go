package lockmodel

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A directive is a suppression comment:
//
//	//leasevet:ignore <analyzer> <reason>
//	//nolint:leasevet // reason
//
// It silences diagnostics on its own line and on the line below it.
type directive struct {
	pos      token.Pos
	file     string
	line     int
	analyzer string // "" for nolint, which silences every leasevet analyzer
	reason   string
	nolint   bool
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

// Report reports d for pass's analyzer unless a directive silences it.
func (m *Model) Report(pass *analysis.Pass, d analysis.Diagnostic) {
	p := pass.Fset.Position(d.Pos)
	for _, dir := range m.ignores {
		if dir.file != p.Filename || (dir.line != p.Line && dir.line != p.Line-1) {
			continue
		}
		if dir.nolint || (dir.analyzer == pass.Analyzer.Name && dir.reason != "") {
			return
		}
	}
	pass.Report(d)
}

// CheckDirectives reports the //leasevet:ignore directives for pass's
// analyzer that give no reason: a suppression must say why.
func (m *Model) CheckDirectives(pass *analysis.Pass) {
	for _, dir := range m.ignores {
		if dir.nolint || dir.analyzer != pass.Analyzer.Name || dir.reason != "" {
			continue
		}
		pass.Report(analysis.Diagnostic{
			Pos:      dir.pos,
			Category: "ignore-reason",
			Message:  "//leasevet:ignore " + dir.analyzer + " needs a reason after the analyzer name; the directive is ignored",
		})
	}
}
