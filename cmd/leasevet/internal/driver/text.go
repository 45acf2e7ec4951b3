package driver

import (
	"bufio"
	"bytes"
	"fmt"
	"go/token"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// printText prints each finding as file:line:col: message [category] on
// stderr, as go vet does with staticcheck's habit of naming the check at
// the end: the category is the name //leasevet:ignore accepts and the
// SARIF rule id, so a reader can look it up or silence it. With -c it adds
// context lines. It returns the exit code.
func (d *Driver) printText(res *results, context int) int {
	w := bufio.NewWriter(d.Stderr)
	defer w.Flush()
	for _, e := range res.errs {
		fmt.Fprintln(w, e)
	}
	for _, f := range res.findings {
		d.printPlain(w, f.posn, f.end, withCategory(f.diag), context)
		// Related locations follow, their message indented, as go vet
		// prints them.
		for _, rel := range f.diag.Related {
			posn := f.pkg.Fset.Position(rel.Pos)
			end := posn
			if rel.End.IsValid() {
				end = f.pkg.Fset.Position(rel.End)
			}
			d.printPlain(w, posn, end, "\t"+rel.Message, context)
		}
	}
	switch {
	case len(res.errs) > 0:
		return ExitError
	case len(res.findings) > 0:
		return ExitDiagnostics
	}
	return ExitClean
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
func (d *Driver) printPlain(w io.Writer, posn, end token.Position, msg string, context int) {
	fmt.Fprintf(w, "%s:%d:%d: %s\n", d.relPath(posn.Filename), posn.Line, posn.Column, msg)
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
