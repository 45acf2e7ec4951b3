// Package textdiff produces unified diffs of two versions of a text file,
// as printed by leasevet -fix -diff.
//
// x/tools has a diff package, but it is internal; this one is small because
// fixes change few lines: the common prefix and suffix are trimmed first, and
// only the changed middle is compared line by line.
package textdiff

import (
	"fmt"
	"strings"
)

// contextLines is the number of unchanged lines shown around each change,
// the same as diff -u.
const contextLines = 3

// maxCells bounds the line-comparison table for the changed middle of a
// file; beyond it the middle is shown as one replaced block, which is still
// a correct diff, only not a minimal one.
const maxCells = 4 << 20

type opKind int

const (
	opEqual opKind = iota
	opDelete
	opInsert
)

// op is one line of the edit script.
type op struct {
	kind opKind
	line string
}

// Unified returns the unified diff that turns before into after, with
// oldName and newName in the header lines, or "" when they are equal.
func Unified(oldName, newName, before, after string) string {
	if before == after {
		return ""
	}
	ops := lineOps(splitLines(before), splitLines(after))
	var b strings.Builder
	fmt.Fprintf(&b, "--- %s\n+++ %s\n", oldName, newName)
	for _, h := range hunks(ops) {
		writeHunk(&b, ops, h)
	}
	return b.String()
}

// splitLines splits s after each newline; a last line without one is kept
// and marked, as diff does.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	} else {
		lines[len(lines)-1] += "\n\\ No newline at end of file\n"
	}
	return lines
}

// lineOps returns an edit script from a to b: common prefix and suffix as
// equal lines, and the middle from a longest-common-subsequence table.
func lineOps(a, b []string) []op {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var ops []op
	for _, l := range a[:pre] {
		ops = append(ops, op{opEqual, l})
	}
	ops = append(ops, middleOps(a[pre:len(a)-suf], b[pre:len(b)-suf])...)
	for _, l := range a[len(a)-suf:] {
		ops = append(ops, op{opEqual, l})
	}
	return ops
}

// middleOps compares the changed middle with an LCS table, or replaces it
// whole when the table would be too large.
func middleOps(a, b []string) []op {
	var ops []op
	if len(a)*len(b) > maxCells {
		for _, l := range a {
			ops = append(ops, op{opDelete, l})
		}
		for _, l := range b {
			ops = append(ops, op{opInsert, l})
		}
		return ops
	}
	// lcs[i][j] is the LCS length of a[i:] and b[j:].
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			ops = append(ops, op{opEqual, a[i]})
			i++
			j++
		// Deletions first on ties, so a changed line reads - then +.
		case i < len(a) && (j == len(b) || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, op{opDelete, a[i]})
			i++
		default:
			ops = append(ops, op{opInsert, b[j]})
			j++
		}
	}
	return ops
}

// hunk is a half-open range of ops shown together.
type hunk struct{ start, end int }

// hunks groups changed ops with their context, merging groups whose
// context would overlap or touch.
func hunks(ops []op) []hunk {
	var hs []hunk
	for i, o := range ops {
		if o.kind == opEqual {
			continue
		}
		start := max(0, i-contextLines)
		end := min(len(ops), i+1+contextLines)
		if n := len(hs); n > 0 && start <= hs[n-1].end {
			hs[n-1].end = max(hs[n-1].end, end)
			continue
		}
		hs = append(hs, hunk{start, end})
	}
	return hs
}

// writeHunk prints one hunk with its @@ header; line numbers count the ops
// before the hunk on each side.
func writeHunk(b *strings.Builder, ops []op, h hunk) {
	oldLine, newLine := 1, 1
	for _, o := range ops[:h.start] {
		if o.kind != opInsert {
			oldLine++
		}
		if o.kind != opDelete {
			newLine++
		}
	}
	var oldCount, newCount int
	var body strings.Builder
	for _, o := range ops[h.start:h.end] {
		prefix := " "
		switch o.kind {
		case opDelete:
			prefix = "-"
			oldCount++
		case opInsert:
			prefix = "+"
			newCount++
		default:
			oldCount++
			newCount++
		}
		body.WriteString(prefix + o.line)
	}
	fmt.Fprintf(b, "@@ -%s +%s @@\n", hunkRange(oldLine, oldCount), hunkRange(newLine, newCount))
	b.WriteString(body.String())
}

// hunkRange formats a hunk side as diff -u does: an empty side names the
// line before it.
func hunkRange(start, count int) string {
	if count == 0 {
		return fmt.Sprintf("%d,0", start-1)
	}
	if count == 1 {
		return fmt.Sprintf("%d", start)
	}
	return fmt.Sprintf("%d,%d", start, count)
}
