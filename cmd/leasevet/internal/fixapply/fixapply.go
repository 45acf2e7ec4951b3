// Package fixapply applies the suggested fixes of a run, as go vet -fix
// does, or prints them as a unified diff: the first fix of each finding,
// skipping with a warning a fix that overlaps one already accepted, and
// refusing edits in generated files and in files that changed since they
// were analyzed. A module whose fixed files import safelock and whose
// go.mod does not require it gets the requirement (package modreq).
//
// It must not know the command line, how packages are loaded, or how
// findings are printed; the driver decides what the outcome means.
package fixapply

import (
	"cmp"
	"context"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"os"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/leasevet/leasevet/cmd/leasevet/internal/findings"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/textdiff"
	"github.com/leasevet/leasevet/internal/modreq"
	"github.com/leasevet/leasevet/internal/staleimports"
)

// edit is a text edit in byte offsets of one file.
type edit struct {
	start, end int
	text       string
}

// fileFix holds the accepted edits of one file.
type fileFix struct {
	name  string
	size  int // the file size the offsets refer to
	edits []edit
}

// A Fixer applies fixes and says what it did on Stderr.
type Fixer struct {
	Name   string                   // program name in messages, e.g. "leasevet"
	Stdout io.Writer                // the unified diff, with -diff
	Stderr io.Writer                // skipped fixes, errors and the go get advice
	Rel    func(name string) string // the file name to print

	// SafelockVersion is the safelock version a module whose fixed files
	// import safelock is made to require; "" when unknown (a development
	// build), and then the go get command is printed instead of run.
	SafelockVersion string
}

// Apply applies the first suggested fix of every finding, or with diff
// prints what would change; it reports false when a file could not be
// fixed or adding the safelock requirement failed. A fix
// whose edits overlap an already accepted one is skipped with a warning
// rather than merged, since merging could produce code neither fix
// intended.
func (fx *Fixer) Apply(found []findings.Finding, diff bool) bool {
	files, skipped := fx.planFixes(found)
	for _, msg := range skipped {
		fmt.Fprintf(fx.Stderr, "%s: %s\n", fx.Name, msg)
	}
	ok := true
	var importing []string // fixed files that import safelock
	for _, ff := range files {
		after, err := fx.applyFileFix(ff, diff)
		if err != nil {
			fmt.Fprintf(fx.Stderr, "%s: %v\n", fx.Name, err)
			ok = false
		} else if modreq.ImportsSafelock(after) {
			importing = append(importing, ff.name)
		}
	}
	if !fx.requireSafelock(importing, diff) {
		ok = false
	}
	return ok
}

// requireSafelock keeps the fixed modules buildable: a module whose fixed
// files import safelock but whose go.mod does not require it gets the
// requirement (go get, at the version matching this binary), or a line
// with the command to run. With -diff nothing is written, so it only says
// what to run; so does a development build, which knows no version to
// require. It reports false when go.mod could not be read or go get
// failed: when it only says what to run, the fixes it had are written and
// the run did what it could.
func (fx *Fixer) requireSafelock(files []string, diff bool) bool {
	mods, err := modreq.Missing(files)
	if err != nil {
		fmt.Fprintf(fx.Stderr, "%s: checking go.mod for %s: %v\n", fx.Name, modreq.SafelockPath, err)
		return false
	}
	if diff || fx.SafelockVersion == "" {
		modreq.Advise(fx.Stderr, fx.Name, mods, fx.SafelockVersion)
		return true
	}
	return modreq.Ensure(context.Background(), fx.Stderr, fx.Name, mods, fx.SafelockVersion)
}

// planFixes turns the first fix of each finding into per-file edits, in
// file order, and describes the fixes it had to skip.
func (fx *Fixer) planFixes(found []findings.Finding) ([]*fileFix, []string) {
	byName := make(map[string]*fileFix)
	var order []string
	var skipped []string
	for _, f := range found {
		if len(f.Diag.SuggestedFixes) == 0 {
			continue
		}
		sf := f.Diag.SuggestedFixes[0]
		edits, err := fx.fixEdits(f, sf.TextEdits)
		if err == nil {
			err = checkConflicts(byName, edits)
		}
		if err != nil {
			skipped = append(skipped, fmt.Sprintf("%s:%d:%d: skipped fix %q: %v",
				fx.Rel(f.Posn.Filename), f.Posn.Line, f.Posn.Column, sf.Message, err))
			continue
		}
		for name, es := range edits {
			ff := byName[name]
			if ff == nil {
				ff = &fileFix{name: name, size: es.size}
				byName[name] = ff
				order = append(order, name)
			}
			ff.edits = appendNew(ff.edits, es.edits)
		}
	}
	slices.Sort(order)
	files := make([]*fileFix, len(order))
	for i, name := range order {
		files[i] = byName[name]
	}
	return files, skipped
}

// fixEdits converts the TextEdits of one fix to byte offsets per file,
// refusing edits into generated files or outside the file.
func (fx *Fixer) fixEdits(f findings.Finding, tes []analysis.TextEdit) (map[string]*fileFix, error) {
	out := make(map[string]*fileFix)
	fset := f.Pkg.Fset
	for _, te := range tes {
		tf := fset.File(te.Pos)
		if tf == nil {
			return nil, fmt.Errorf("edit at an unknown position")
		}
		end := te.End
		if !end.IsValid() {
			end = te.Pos
		}
		if fset.File(end) != tf || end < te.Pos {
			return nil, fmt.Errorf("edit range is not within one file")
		}
		if isGenerated(tf.Name()) {
			return nil, fmt.Errorf("%s is a generated file", fx.Rel(tf.Name()))
		}
		ff := out[tf.Name()]
		if ff == nil {
			ff = &fileFix{name: tf.Name(), size: tf.Size()}
			out[tf.Name()] = ff
		}
		ff.edits = append(ff.edits, edit{tf.Offset(te.Pos), tf.Offset(end), string(te.NewText)})
	}
	return out, nil
}

// checkConflicts reports an error if any new edit overlaps an accepted
// edit of the same file without being identical to it (identical edits
// come from the same fix reported for a package and its test variant).
func checkConflicts(byName map[string]*fileFix, edits map[string]*fileFix) error {
	for name, es := range edits {
		ff := byName[name]
		if ff == nil {
			continue
		}
		for _, e := range es.edits {
			for _, a := range ff.edits {
				if e != a && overlaps(e, a) {
					return fmt.Errorf("it conflicts with another fix")
				}
			}
		}
	}
	return nil
}

// overlaps reports whether two edits touch the same bytes, or insert at
// the same offset (the order of the two insertions would be arbitrary).
func overlaps(a, b edit) bool {
	if a.start == a.end && b.start == b.end {
		return a.start == b.start
	}
	return a.start < b.end && b.start < a.end ||
		a.start == a.end && a.start > b.start && a.start < b.end ||
		b.start == b.end && b.start > a.start && b.start < a.end
}

// appendNew appends the edits not already present.
func appendNew(dst, src []edit) []edit {
	for _, e := range src {
		if !slices.Contains(dst, e) {
			dst = append(dst, e)
		}
	}
	return dst
}

// applyFileFix applies the edits to the file on disk, formats the result
// and writes it back, or prints the unified diff; it returns the fixed
// content.
func (fx *Fixer) applyFileFix(ff *fileFix, diff bool) ([]byte, error) {
	before, err := os.ReadFile(ff.name)
	if err != nil {
		return nil, fmt.Errorf("reading file to fix: %w", err)
	}
	if len(before) != ff.size {
		return nil, fmt.Errorf("%s changed since it was analyzed; not fixing it", fx.Rel(ff.name))
	}
	after, err := applyEdits(before, ff.edits)
	if err != nil {
		return nil, fmt.Errorf("fixing %s: %w", fx.Rel(ff.name), err)
	}
	if formatted, err := format.Source(after); err == nil {
		after = formatted
	} else {
		return nil, fmt.Errorf("fixed %s does not parse, not writing it: %w", fx.Rel(ff.name), err)
	}
	if after, err = staleimports.Fixed(before, after); err != nil { // as go fix does
		return nil, fmt.Errorf("fixed %s: %w", fx.Rel(ff.name), err)
	}
	if diff {
		rel := fx.Rel(ff.name)
		_, err := fmt.Fprint(fx.Stdout, textdiff.Unified("a/"+rel, "b/"+rel, string(before), string(after)))
		return after, err
	}
	info, err := os.Stat(ff.name)
	if err != nil {
		return nil, fmt.Errorf("fixing %s: %w", fx.Rel(ff.name), err)
	}
	if err := os.WriteFile(ff.name, after, info.Mode().Perm()); err != nil {
		return nil, fmt.Errorf("writing fixed file: %w", err)
	}
	return after, nil
}

// applyEdits applies non-overlapping edits to src.
func applyEdits(src []byte, edits []edit) ([]byte, error) {
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, func(a, b edit) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end))
	})
	var out []byte
	last := 0
	for _, e := range edits {
		if e.start < last || e.end > len(src) {
			return nil, fmt.Errorf("edit [%d,%d) overlaps another or lies outside the file", e.start, e.end)
		}
		out = append(out, src[last:e.start]...)
		out = append(out, e.text...)
		last = e.end
	}
	return append(out, src[last:]...), nil
}

// isGenerated reports whether the named file is marked generated; fixes
// there would be overwritten by the generator. Only the comments before
// the package clause are read, which is where the marker is.
func isGenerated(name string) bool {
	f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.PackageClauseOnly|parser.ParseComments)
	return err == nil && ast.IsGenerated(f)
}
