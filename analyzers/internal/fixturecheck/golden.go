package fixturecheck

import (
	"fmt"
	"go/ast"
	"go/token"
	"maps"
	"os"
	"slices"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/txtar"
)

// fileEdits are the edits of one fix, by file name.
type fileEdits map[string][]edit

// checkGolden compares the fixes of one action with the golden files. An
// action is judged alone: a file of a package and of its test variant gets
// the same fixes from each, which must not be applied twice. A file of the
// package with a golden file that no fix edits is a fault too: the fix the
// golden file expects has vanished.
func checkGolden(t Testing, act *checker.Action) {
	byMessage := fixesByMessage(act)
	files := make(map[string]bool)
	for _, fixes := range byMessage {
		for _, fix := range fixes {
			for name := range fix {
				files[name] = true
			}
		}
	}
	checkStaleGoldens(t, act, files)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		original, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("error reading %s: %v", name, err)
			continue
		}
		ar, err := txtar.ParseFile(name + ".golden")
		if err != nil {
			t.Errorf("error reading %s.golden: %v", name, err)
			continue
		}
		g := golden{t: t, pkg: act, file: name, original: original, byMessage: byMessage}
		g.compare(ar)
	}
}

// checkStaleGoldens reports each file of the action's package that has a
// golden file but is edited by no fix.
func checkStaleGoldens(t Testing, act *checker.Action, fixed map[string]bool) {
	for _, f := range act.Package.Syntax {
		name := act.Package.Fset.File(f.Pos()).Name()
		if fixed[name] {
			continue
		}
		if _, err := os.Stat(name + ".golden"); err == nil {
			t.Errorf("%s.golden exists, but no fix edits %s", name, name)
		}
	}
}

// fixesByMessage groups the fixes of the action's diagnostics by message,
// leaving out any fix that edits a generated file.
func fixesByMessage(act *checker.Action) map[string][]fileEdits {
	generated := make(map[*token.File]bool)
	for _, f := range act.Package.Syntax {
		generated[act.Package.Fset.File(f.Pos())] = ast.IsGenerated(f)
	}
	byMessage := make(map[string][]fileEdits)
	for _, d := range act.Diagnostics {
		for _, fix := range d.SuggestedFixes {
			edits := make(fileEdits)
			skip := false
			for _, e := range fix.TextEdits {
				file := act.Package.Fset.File(e.Pos)
				skip = skip || generated[file]
				edits[file.Name()] = append(edits[file.Name()], edit{file.Offset(e.Pos), file.Offset(e.End), string(e.NewText)})
			}
			if !skip {
				byMessage[fix.Message] = append(byMessage[fix.Message], edits)
			}
		}
	}
	return byMessage
}

// golden is the comparison of one fixed file with its golden file.
type golden struct {
	t         Testing
	pkg       *checker.Action
	file      string
	original  []byte
	byMessage map[string][]fileEdits
}

// compare checks the file's golden archive: one section per fix message,
// or, without sections, the result of all fixes.
func (g golden) compare(ar *txtar.Archive) {
	if len(ar.Files) == 0 {
		var all []edit
		for _, message := range slices.Sorted(maps.Keys(g.byMessage)) {
			all = g.merge(message, all, g.byMessage[message])
		}
		g.check("all fixes", all, ar.Comment)
		return
	}
	if len(ar.Comment) > 0 {
		g.t.Errorf("%s.golden has leading comment; we don't know what to do with it", g.file)
		return
	}
	for _, section := range ar.Files {
		edits := g.merge(section.Name, nil, g.byMessage[section.Name])
		g.check(fmt.Sprintf("all fixes of message %q", section.Name), edits, section.Data)
	}
}

// merge adds the file's edits of each fix to acc; a fix in conflict with
// what acc holds is reported and left out.
func (g golden) merge(message string, acc []edit, fixes []fileEdits) []edit {
	for _, fix := range fixes {
		merged, ok := mergeEdits(acc, fix[g.file])
		if !ok {
			g.t.Errorf("in file %s, conflict applying fix %q", g.file, message)
			continue
		}
		acc = merged
	}
	return acc
}

// check applies edits to the original file and compares the result with
// want, both formatted.
func (g golden) check(what string, edits []edit, want []byte) {
	if len(edits) == 0 {
		g.t.Errorf("%s: %s: no edits", what, g.file)
		return
	}
	if err := compareFixed(g.pkg.Package.Types, g.file, g.original, edits, want); err != nil {
		g.t.Errorf("%s: %v", what, err)
	}
}
