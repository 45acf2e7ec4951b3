package fixturecheck

import (
	"bytes"
	"fmt"
	"go/format"
	"go/types"
	"slices"

	"github.com/leasevet/leasevet/internal/staleimports"
)

// An edit replaces the bytes [start, end) of a file with text.
type edit struct {
	start, end int
	text       string
}

// sortEdits orders edits by position, insertions before replacements
// that start at the same offset.
func sortEdits(edits []edit) {
	slices.SortStableFunc(edits, func(x, y edit) int {
		if x.start != y.start {
			return x.start - y.start
		}
		return x.end - y.end
	})
}

// mergeEdits merges two lists of edits of one file, coalescing identical
// edits; it reports false when they conflict: two different edits of the
// same bytes. Of two different insertions at one offset, x's comes first.
func mergeEdits(x, y []edit) ([]edit, bool) {
	x, y = slices.Clone(x), slices.Clone(y)
	sortEdits(x)
	sortEdits(y)
	var out []edit
	for len(x) > 0 && len(y) > 0 {
		a, b := &x[0], &y[0]
		switch {
		case *a == *b:
			out = append(out, *a)
			x, y = x[1:], y[1:]
		case a.end <= b.start:
			out = append(out, *a)
			x = x[1:]
		case b.end <= a.start:
			out = append(out, *b)
			y = y[1:]
		case a.start < b.start: // split off the part of a before b
			out = append(out, edit{a.start, b.start, ""})
			a.start = b.start
		case b.start < a.start:
			out = append(out, edit{b.start, a.start, ""})
			b.start = a.start
		default:
			return nil, false
		}
	}
	return append(append(out, x...), y...), true
}

// applyEdits returns src with the edits, which must not overlap, applied.
func applyEdits(src []byte, edits []edit) ([]byte, error) {
	edits = slices.Clone(edits)
	sortEdits(edits)
	var buf bytes.Buffer
	last := 0
	for _, e := range edits {
		if e.start < last || e.end < e.start || e.end > len(src) {
			return nil, fmt.Errorf("invalid or overlapping edit [%d, %d) after offset %d", e.start, e.end, last)
		}
		buf.Write(src[last:e.start])
		buf.WriteString(e.text)
		last = e.end
	}
	buf.Write(src[last:])
	return buf.Bytes(), nil
}

// compareFixed applies edits to original and compares the result, with
// the imports the edits left unused removed and formatted, with the
// formatted want.
func compareFixed(pkg *types.Package, file string, original []byte, edits []edit, want []byte) error {
	fixed, err := applyEdits(original, edits)
	if err != nil {
		return fmt.Errorf("%s: error applying fixes: %v", file, err)
	}
	if fixed, err = formatFixed(pkg, fixed); err != nil {
		return fmt.Errorf("%s: error formatting resulting source: %v\n%s", file, err, fixed)
	}
	if want, err = format.Source(want); err != nil {
		return fmt.Errorf("%s.golden: error formatting golden file: %v", file, err)
	}
	fixed, want = bytes.TrimSpace(fixed), bytes.TrimSpace(want)
	if !bytes.Equal(fixed, want) {
		return fmt.Errorf("unexpected %s content:\n-- original --\n%s\n-- fixed --\n%s\n-- want --\n%s", file, original, fixed, want)
	}
	return nil
}

// formatFixed gofmts a fixed file after removing the imports it no
// longer uses (package staleimports); pkg, the package before the fixes,
// names the packages its imports declare.
func formatFixed(pkg *types.Package, src []byte) ([]byte, error) {
	names := importNames(pkg)
	return staleimports.Remove(src, func(path string) string { return names[path] }, func(string) bool { return true })
}

// importNames maps the path of every package pkg depends on to its name.
func importNames(pkg *types.Package) map[string]string {
	names := make(map[string]string)
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if _, ok := names[p.Path()]; ok {
			return
		}
		names[p.Path()] = p.Name()
		for _, imp := range p.Imports() {
			visit(imp)
		}
	}
	for _, imp := range pkg.Imports() {
		visit(imp)
	}
	return names
}
