package vetrun

import (
	"fmt"
	"go/token"
	"os"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/leasevet/leasevet/cmd/leasevet/internal/findings"
	"github.com/leasevet/leasevet/cmd/leasevet/labelled"
)

// The JSON shapes of go vet -json (x/tools' driverutil, which is internal).
type (
	jsonDiagnostic struct {
		Category       string
		Posn           string
		End            string
		Message        string
		SuggestedFixes []jsonFix `json:"suggested_fixes"`
		Related        []jsonRelated
	}
	jsonFix struct {
		Message string
		Edits   []jsonEdit
	}
	jsonEdit struct {
		Filename   string
		Start, End int
		New        string
	}
	jsonRelated struct {
		Posn, End, Message string
	}
	jsonError struct {
		Error string
	}
)

// sourceFiles holds the files findings point into, read from disk with
// their line tables, so that positions given as file:line:col and byte
// offsets become token.Pos values of one FileSet again, as the output
// formats and the fix application expect.
type sourceFiles struct {
	fset    *token.FileSet
	files   map[string]*token.File // nil for a file that could not be read
	before  map[string]int64       // root files' sizes before go vet ran
	changed map[string]bool        // root files whose size is no longer that
}

func newSourceFiles(before map[string]int64) *sourceFiles {
	return &sourceFiles{fset: token.NewFileSet(), files: make(map[string]*token.File),
		before: before, changed: make(map[string]bool)}
}

// file returns the token.File of name, reading it the first time.
func (s *sourceFiles) file(name string) *token.File {
	tf, ok := s.files[name]
	if ok {
		return tf
	}
	data, err := os.ReadFile(name)
	if err == nil {
		tf = s.fset.AddFile(name, -1, len(data))
		tf.SetLinesForContent(data)
		if size, ok := s.before[name]; ok && size != int64(len(data)) {
			s.changed[name] = true
		}
	}
	s.files[name] = tf
	return tf
}

// position parses go vet's "file:line:col" into a position and its Pos;
// the Pos is NoPos when the file cannot be read or the position lies
// outside it.
func (s *sourceFiles) position(posn string) (token.Position, token.Pos) {
	name, line, col, ok := splitPosn(posn)
	if !ok {
		return token.Position{}, token.NoPos
	}
	p := token.Position{Filename: name, Line: line, Column: col}
	tf := s.file(name)
	if tf == nil || line > tf.LineCount() {
		return p, token.NoPos
	}
	off := tf.Offset(tf.LineStart(line)) + col - 1
	if off > tf.Size() {
		return p, token.NoPos
	}
	p.Offset = off
	return p, tf.Pos(off)
}

// offset returns the Pos of a byte offset into name, or NoPos.
func (s *sourceFiles) offset(name string, off int) token.Pos {
	tf := s.file(name)
	if tf == nil || off < 0 || off > tf.Size() {
		return token.NoPos
	}
	return tf.Pos(off)
}

// splitPosn splits "file:line:col"; the file name may contain colons.
func splitPosn(posn string) (name string, line, col int, ok bool) {
	i := strings.LastIndexByte(posn, ':')
	if i < 0 {
		return "", 0, 0, false
	}
	j := strings.LastIndexByte(posn[:i], ':')
	if j < 0 {
		return "", 0, 0, false
	}
	line, err1 := strconv.Atoi(posn[j+1 : i])
	col, err2 := strconv.Atoi(posn[i+1:])
	if err1 != nil || err2 != nil || line < 1 || col < 1 {
		return "", 0, 0, false
	}
	return posn[:j], line, col, true
}

// finding converts one diagnostic of analyzer a in package pkg.
func (s *sourceFiles) finding(f findings.Finding, jd jsonDiagnostic) (findings.Finding, error) {
	posn, pos := s.position(jd.Posn)
	end, endPos := s.position(jd.End)
	if posn.Filename == "" || end.Filename == "" {
		return f, fmt.Errorf("bad position %q..%q", jd.Posn, jd.End)
	}
	f.Posn, f.End = posn, end
	f.Diag = analysis.Diagnostic{
		Pos:      pos,
		End:      endPos,
		Category: jd.Category,
		Message:  labelled.Strip(jd.Message, jd.Category),
	}
	for _, r := range jd.Related {
		_, rp := s.position(r.Posn)
		_, re := s.position(r.End)
		f.Diag.Related = append(f.Diag.Related, analysis.RelatedInformation{Pos: rp, End: re, Message: r.Message})
	}
	for _, fix := range jd.SuggestedFixes {
		sf := analysis.SuggestedFix{Message: fix.Message}
		for _, e := range fix.Edits {
			sf.TextEdits = append(sf.TextEdits, analysis.TextEdit{
				Pos: s.offset(e.Filename, e.Start), End: s.offset(e.Filename, e.End), NewText: []byte(e.New)})
		}
		f.Diag.SuggestedFixes = append(f.Diag.SuggestedFixes, sf)
	}
	return f, nil
}
