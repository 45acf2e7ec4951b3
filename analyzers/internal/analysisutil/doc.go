// Package analysisutil holds the small helpers every leasevet analyzer
// package needs and x/tools keeps internal: doc extraction, lazy
// regexps, names of identifiers and functions, tree searches.
//
// It must not know Redis, lock keys or any rule: what it holds is true of
// any go/analysis pass.
package analysisutil

import (
	"fmt"
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
	text, ok := packageComment(content)
	if !ok {
		return "", fmt.Errorf("doc.go has no package comment")
	}
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

// packageComment returns the text of the // comment lines directly above
// the package clause of a Go file, as (*ast.CommentGroup).Text gives it:
// the markers and one space after them removed, trailing spaces cut, runs
// of blank lines made one, blank lines at both ends dropped. It reads
// lines instead of parsing because every analyzer's Doc is extracted when
// the binary starts, and go vet starts the binary once per package of the
// import closure: go/parser there cost about a millisecond per process.
func packageComment(content string) (string, bool) {
	var group []string
	for line := range strings.Lines(content) {
		line = strings.TrimRight(line, "\r\n")
		switch {
		case strings.HasPrefix(line, "//"):
			text := strings.TrimPrefix(line[2:], " ")
			group = append(group, strings.TrimRight(text, " \t"))
		case strings.HasPrefix(line, "package ") || line == "package":
			return joinComment(group)
		default:
			group = nil // a blank line or code ends the comment group
		}
	}
	return "", false
}

// joinComment joins comment lines with the blank-line rules of
// (*ast.CommentGroup).Text.
func joinComment(lines []string) (string, bool) {
	var out []string
	for _, l := range lines {
		if l == "" && (len(out) == 0 || out[len(out)-1] == "") {
			continue
		}
		out = append(out, l)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	if len(out) == 0 {
		return "", false
	}
	return strings.Join(out, "\n") + "\n", true
}
