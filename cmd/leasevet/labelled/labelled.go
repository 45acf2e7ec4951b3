// Package labelled makes analyzers whose diagnostics carry their category
// at the end of the message, in brackets ("... [bare-del]"), for the
// drivers whose text shows the message alone: go vet, which prints
// "file:line:col: message" from the vet tool's JSON (and caches that
// JSON, so the tool cannot tell its text mode from -json), and gopls, whose
// check command and MCP diagnostics tool print only the message. The
// category is the name //leasevet:ignore takes and the one "leasevet help"
// explains, so a reader of any driver's text can silence or look up a
// finding.
//
// The category field itself is left as it is, so JSON readers keep it
// apart; a driver that prints the category itself (leasevet standalone,
// SARIF's rule id) must use the unlabelled analyzers, or [Strip] the
// label from a message it reads back, so that the category never shows
// twice.
//
// It is a public package so that the gopls build can import it.
package labelled

import (
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Analyzers returns copies of as whose diagnostics' messages end with
// their category in brackets (see [Message]). Only the analyzers
// themselves are copied: their Requires, Flags and FactTypes are shared
// with the originals.
func Analyzers(as []*analysis.Analyzer) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(as))
	for i, a := range as {
		out[i] = labelAnalyzer(a)
	}
	return out
}

// labelAnalyzer returns a copy of a that labels what it reports.
func labelAnalyzer(a *analysis.Analyzer) *analysis.Analyzer {
	b := *a
	run := a.Run
	b.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		report := pass.Report
		p.Report = func(d analysis.Diagnostic) {
			d.Message = Message(d.Message, d.Category)
			report(d)
		}
		return run(&p)
	}
	return &b
}

// Message returns msg with " [category]" appended, or msg itself when
// category is empty.
func Message(msg, category string) string {
	if category == "" {
		return msg
	}
	return msg + " [" + category + "]"
}

// Strip undoes [Message]: it returns msg without the " [category]" it
// ends with, or msg itself when it does not end so.
func Strip(msg, category string) string {
	if category == "" {
		return msg
	}
	return strings.TrimSuffix(msg, " ["+category+"]")
}
