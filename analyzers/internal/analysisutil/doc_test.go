package analysisutil

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"
)

// packageComment must read every analyzer's doc.go (and this file's
// fixtures) exactly as go/parser does.
func TestPackageComment_matchesParser(t *testing.T) {
	files, err := filepath.Glob("../../*/doc.go")
	if err != nil || len(files) < 6 {
		t.Fatalf("analyzer doc.go files: %v, %v", files, err)
	}
	inputs := map[string]string{
		"blank lines and trailing spaces": "//\n// Package p.  \n//\n//\n//\tindented\n//   three spaces\n//\npackage p\n",
		"blank line before package":       "// Not the package comment.\n\npackage p\n",
		"separated group":                 "// Copyright.\n\n// Package p is p.\npackage p\n",
		"crlf":                            "// Package p.\r\n//\r\n// More.\r\npackage p\r\n",
		"code before":                     "//go:build linux\n\n// Package p.\npackage p\n",
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs[f] = string(b)
	}
	for name, src := range inputs {
		f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, ok := packageComment(src)
		if want := f.Doc.Text(); got != want || ok != (f.Doc != nil) {
			t.Errorf("%s: packageComment = %q, %v; go/parser: %q", name, got, ok, want)
		}
	}
	if _, ok := packageComment("package p\n"); ok {
		t.Error("a file with no package comment has one")
	}
}

func TestExtractDoc_headingAndErrors(t *testing.T) {
	src := "// Package p.\n//\n// # Analyzer p\n//\n// p: check things\n//\n// Details.\npackage p\n"
	if doc, err := ExtractDoc(src, "p"); err != nil || doc != "p: check things\n\nDetails." {
		t.Errorf("ExtractDoc = %q, %v", doc, err)
	}
	for _, bad := range []string{"package p\n", "// Package p.\npackage p\n", "// # Analyzer p\n//\n// other: x\npackage p\n"} {
		if _, err := ExtractDoc(bad, "p"); err == nil {
			t.Errorf("ExtractDoc(%q) succeeded", bad)
		}
	}
}
