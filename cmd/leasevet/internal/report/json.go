package report

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"io"

	"golang.org/x/tools/go/analysis"

	"github.com/leasevet/leasevet/cmd/leasevet/internal/findings"
)

// The JSON types have go vet -json's field names (x/tools' driverutil,
// which is internal and cannot be imported).
type (
	jsonDiagnostic struct {
		Category       string           `json:"category,omitempty"`
		Posn           string           `json:"posn"`
		End            string           `json:"end"`
		Message        string           `json:"message"`
		SuggestedFixes []jsonFix        `json:"suggested_fixes,omitempty"`
		Related        []jsonRelatedPos `json:"related,omitempty"`
	}
	jsonFix struct {
		Message string     `json:"message"`
		Edits   []jsonEdit `json:"edits"`
	}
	jsonEdit struct {
		Filename string `json:"filename"`
		Start    int    `json:"start"`
		End      int    `json:"end"`
		New      string `json:"new"`
	}
	jsonRelatedPos struct {
		Posn    string `json:"posn"`
		End     string `json:"end"`
		Message string `json:"message"`
	}
	jsonError struct {
		Err string `json:"error"`
	}
)

// WriteJSON writes the findings as go vet -json does: package path,
// analyzer name, then the diagnostics or the analyzer's error. It is built
// from the deduplicated findings and keyed by package path, not by
// package ID as go vet's is: go vet analyses a package with in-package
// tests as its test variant "p [p.test]", and lists it under that ID; here
// it is "p". Errors are listed for every package, dependencies included:
// a package's own errors (and a package not analysed because of a
// dependency's) under the tool's name, not per analyzer.
func WriteJSON(w io.Writer, res *findings.Results) error {
	tree := map[string]map[string]any{}
	add := func(pkg, analyzer string, v any) {
		if tree[pkg] == nil {
			tree[pkg] = map[string]any{}
		}
		tree[pkg][analyzer] = v
	}
	for _, f := range res.Findings {
		diags, _ := tree[f.Pkg.PkgPath][f.Analyzer.Name].([]jsonDiagnostic)
		add(f.Pkg.PkgPath, f.Analyzer.Name, append(diags, toJSON(f.Pkg.Fset, f.Diag)))
	}
	for _, e := range res.Failed {
		add(e.PkgPath, cmp.Or(e.Analyzer, "leasevet"), jsonError{e.Msg})
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return fmt.Errorf("encoding JSON: %w", err)
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// toJSON converts d as go vet -json does: positions as file:line:col,
// an unset end as the start, edits as byte offsets.
func toJSON(fset *token.FileSet, d analysis.Diagnostic) jsonDiagnostic {
	jd := jsonDiagnostic{
		Category: d.Category,
		Posn:     fset.Position(d.Pos).String(),
		End:      fset.Position(cmp.Or(d.End, d.Pos)).String(),
		Message:  d.Message,
	}
	for _, fix := range d.SuggestedFixes {
		jf := jsonFix{Message: fix.Message}
		for _, e := range fix.TextEdits {
			start := fset.Position(e.Pos)
			end := fset.Position(cmp.Or(e.End, e.Pos))
			jf.Edits = append(jf.Edits, jsonEdit{start.Filename, start.Offset, end.Offset, string(e.NewText)})
		}
		jd.SuggestedFixes = append(jd.SuggestedFixes, jf)
	}
	for _, r := range d.Related {
		jd.Related = append(jd.Related, jsonRelatedPos{
			Posn:    fset.Position(r.Pos).String(),
			End:     fset.Position(cmp.Or(r.End, r.Pos)).String(),
			Message: r.Message,
		})
	}
	return jd
}
