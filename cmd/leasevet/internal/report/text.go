package report

import (
	"bufio"
	"bytes"
	"fmt"
	"go/token"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/leasevet/leasevet/cmd/leasevet/internal/findings"
)

// WriteText writes each finding as file:line:col: message [category], as
// go vet does with staticcheck's habit of naming the check at the end: the
// category is the name //leasevet:ignore accepts and the SARIF rule id, so
// a reader can look it up or silence it. The analyzer errors come first.
// rel turns a file name into the one to print; with context >= 0 it adds
// that many context lines.
func WriteText(out io.Writer, res *findings.Results, context int, rel func(string) string) {
	w := bufio.NewWriter(out)
	defer w.Flush()
	for _, e := range res.Errs {
		fmt.Fprintln(w, e)
	}
	for _, f := range res.Findings {
		printPlain(w, rel, f.Posn, f.End, withCategory(f.Diag), context)
		// Related locations follow, their message indented, as go vet
		// prints them.
		for _, r := range f.Diag.Related {
			posn := f.Pkg.Fset.Position(r.Pos)
			end := posn
			if r.End.IsValid() {
				end = f.Pkg.Fset.Position(r.End)
			}
			printPlain(w, rel, posn, end, "\t"+r.Message, context)
		}
	}
}

// withCategory is the diagnostic's message with its category in brackets
// at the end, or the message alone when it has none.
func withCategory(diag analysis.Diagnostic) string {
	if diag.Category == "" {
		return diag.Message
	}
	return diag.Message + " [" + diag.Category + "]"
}

// printPlain prints one position and message, with context lines when
// context >= 0.
func printPlain(w io.Writer, rel func(string) string, posn, end token.Position, msg string, context int) {
	fmt.Fprintf(w, "%s:%d:%d: %s\n", rel(posn.Filename), posn.Line, posn.Column, msg)
	if context >= 0 {
		printContext(w, posn.Filename, posn.Line, end.Line, context)
	}
}

// printContext prints lines first-n..last+n of the file, numbered, or
// nothing if the file cannot be read (the diagnostic itself is printed
// already).
func printContext(w io.Writer, filename string, first, last, n int) {
	data, err := os.ReadFile(filename)
	if err != nil {
		return
	}
	lines := strings.SplitAfter(string(bytes.TrimSuffix(data, []byte("\n"))), "\n")
	from := max(1, first-n)
	to := min(len(lines), max(first, last)+n)
	for i := from; i <= to; i++ {
		fmt.Fprintf(w, "%d\t%s", i, strings.TrimSuffix(lines[i-1], "\n")+"\n")
	}
}
