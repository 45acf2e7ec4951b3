// Package analysisutil holds the small helpers every leasevet analyzer
// package needs and x/tools keeps internal.
package analysisutil

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// MustExtractDoc returns the documentation of analyzer name from the
// package comment of a doc.go file's content: the text after the line
// "# Analyzer name", starting with the "name: summary" line. It panics when
// the heading is missing, which a test of every analyzer catches at once.
func MustExtractDoc(content, name string) string {
	doc, err := ExtractDoc(content, name)
	if err != nil {
		panic(err)
	}
	return doc
}

// ExtractDoc is MustExtractDoc returning an error.
func ExtractDoc(content, name string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("parsing doc.go: %w", err)
	}
	if f.Doc == nil {
		return "", fmt.Errorf("doc.go has no package comment")
	}
	text := f.Doc.Text()
	_, after, ok := strings.Cut(text, "\n# Analyzer "+name+"\n")
	if !ok {
		return "", fmt.Errorf("doc.go has no %q heading", "# Analyzer "+name)
	}
	after = strings.TrimLeft(after, "\n")
	if !strings.HasPrefix(after, name+":") {
		return "", fmt.Errorf("doc.go: the %q heading must be followed by %q", "# Analyzer "+name, name+": summary")
	}
	return strings.TrimSpace(after), nil
}
