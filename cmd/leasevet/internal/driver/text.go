package driver

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
)

// printText prints each finding as file:line:col: message on stderr, as go
// vet does, with -c context lines when asked, and returns the exit code.
func (d *Driver) printText(res *results, context int) int {
	w := bufio.NewWriter(d.Stderr)
	defer w.Flush()
	for _, e := range res.errs {
		fmt.Fprintln(w, e)
	}
	for _, f := range res.findings {
		fmt.Fprintf(w, "%s:%d:%d: %s\n", d.relPath(f.posn.Filename), f.posn.Line, f.posn.Column, f.diag.Message)
		if context >= 0 {
			printContext(w, f.posn.Filename, f.posn.Line, f.end.Line, context)
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
