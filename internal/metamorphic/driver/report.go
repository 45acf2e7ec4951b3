package driver

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
)

// summary is the count over every kind and module.
type summary struct {
	kinds       int // kinds applied somewhere
	pairs, kept int
	added, lost int
}

func summarize(results []*kindResult) summary {
	var s summary
	applied := map[string]bool{}
	for _, r := range results {
		if r.applied == 0 {
			continue
		}
		applied[r.kind] = true
		s.pairs += r.pairs
		s.kept += r.kept
		s.added += len(r.added)
		s.lost += len(r.lost)
	}
	s.kinds = len(applied)
	return s
}

// ratio is the share of invariant pairs; 1 when there is no pair.
func (s summary) ratio() float64 {
	if s.pairs == 0 {
		return 1
	}
	return float64(s.kept) / float64(s.pairs)
}

// status is the exit status of a run that tested every module: 1 when
// the share of invariant pairs is below threshold or a finding was added.
func (s summary) status(threshold float64) int {
	if s.ratio() < threshold || s.added > 0 {
		return 1
	}
	return 0
}

// line is the last line of the output.
func (s summary) line() string {
	return fmt.Sprintf("metamorphic: %d refactorings, %d pairs, %d invariant (%.2f)", s.kinds, s.pairs, s.kept, s.ratio())
}

// printModule prints the table of one module and its lost and added
// findings.
func printModule(w io.Writer, dir string, results []*kindResult) {
	fmt.Fprintf(w, "== %s\n", dir)
	printTable(w, results)
	for _, r := range results {
		if r.note != "" {
			fmt.Fprintf(w, "%s: not applied: %s\n", r.kind, firstLine(r.note))
		}
		for _, c := range r.lost {
			printChanged(w, "LOST", r.kind, c)
		}
		for _, c := range r.added {
			printChanged(w, "ADDED", r.kind, c)
		}
	}
	fmt.Fprintln(w)
}

func printChanged(w io.Writer, what, kind string, c *changed) {
	place := "went to"
	if what == "ADDED" {
		place = "at"
	}
	fmt.Fprintf(w, "%s %s %s:%d [%s] %s\n", what, kind, c.Pos.File, c.Pos.Line, c.Category, c.Message)
	fmt.Fprintf(w, "\tcommand %s %s\n", place, c.went)
	if c.cause != "" {
		fmt.Fprintf(w, "\tcaused by %s\n", c.cause)
	}
}

// printTable prints one row per kind: places found and applied, pairs,
// kept, lost, added.
func printTable(w io.Writer, results []*kindResult) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "kind\tplaces\tapplied\tpairs\tkept\tlost\tadded\t")
	for _, r := range results {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t\n", r.kind, r.places, r.applied, r.pairs, r.kept, len(r.lost), len(r.added))
	}
	tw.Flush()
}

// printTotals prints the table summed over the modules, in the order of
// kinds.
func printTotals(w io.Writer, kinds []rewrite.Kind, results []*kindResult) {
	byKind := map[string]*kindResult{}
	for _, r := range results {
		t := byKind[r.kind]
		if t == nil {
			t = &kindResult{kind: r.kind}
			byKind[r.kind] = t
		}
		t.places += r.places
		t.applied += r.applied
		t.pairs += r.pairs
		t.kept += r.kept
		t.lost = append(t.lost, r.lost...)
		t.added = append(t.added, r.added...)
	}
	var rows []*kindResult
	for _, k := range kinds {
		if t := byKind[k.Name()]; t != nil {
			rows = append(rows, t)
		}
	}
	fmt.Fprintln(w, "== all modules")
	printTable(w, rows)
}

func firstLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}
