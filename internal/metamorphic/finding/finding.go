// Package finding runs an analyzer that prints go vet's -json output
// (leasevet -json, or anything that speaks the same format) on a module
// tree and reads what it reports: findings with their positions relative
// to the tree, and the packages it could not analyse.
//
// It must not know what a finding means or how the tree was made.
package finding

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Finding is one diagnostic.
type Finding struct {
	Package  string
	Analyzer string
	Category string
	Message  string
	Pos, End Position
	Related  []Span // the related positions, such as the acquire a release is judged against
}

// Span is a range of a file.
type Span struct {
	Pos, End Position
}

// Position is a place in a file of the tree.
type Position struct {
	File      string // relative to the tree's root, with slashes; absolute when outside it
	Line, Col int    // 1-based; Col counts bytes
}

func (p Position) String() string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

// Result is what one run reported.
type Result struct {
	Findings []Finding
	Errors   []string // "package: analyzer: error", for packages it could not analyse
}

// Run runs bin -json patterns... in dir and reads its output. A run that
// exits non-zero without printing JSON is an error; one that prints JSON
// is read whatever its status (go vet -json exits 0, but a tool may not).
func Run(ctx context.Context, bin, dir string, patterns ...string) (*Result, error) {
	args := append([]string{"-json"}, patterns...)
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if stdout.Len() == 0 && err != nil {
		return nil, fmt.Errorf("%s %s in %s: %w\n%s", bin, strings.Join(args, " "), dir, err, stderr.Bytes())
	}
	res, perr := Parse(stdout.Bytes(), dir)
	if perr != nil {
		return nil, fmt.Errorf("%s in %s: %w\n%s", bin, dir, perr, stderr.Bytes())
	}
	return res, nil
}

// diagnostic is go vet -json's diagnostic.
type diagnostic struct {
	Category string `json:"category"`
	Posn     string `json:"posn"`
	End      string `json:"end"`
	Message  string `json:"message"`
	Related  []struct {
		Posn string `json:"posn"`
		End  string `json:"end"`
	} `json:"related"`
}

// Parse reads go vet -json output: package → analyzer → a list of
// diagnostics, or an object with the analyzer's error. Positions under
// root become relative to it.
func Parse(data []byte, root string) (*Result, error) {
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &tree); err != nil {
		return nil, fmt.Errorf("reading the -json output: %w", err)
	}
	res := &Result{}
	for pkg, analyzers := range tree {
		for name, raw := range analyzers {
			if err := res.add(pkg, name, raw, root); err != nil {
				return nil, err
			}
		}
	}
	sort.Slice(res.Findings, func(i, j int) bool { return less(res.Findings[i], res.Findings[j]) })
	sort.Strings(res.Errors)
	return res, nil
}

func (res *Result) add(pkg, analyzer string, raw json.RawMessage, root string) error {
	if bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		var e struct {
			Err string `json:"error"`
		}
		if err := json.Unmarshal(raw, &e); err != nil {
			return fmt.Errorf("reading the error of %s/%s: %w", pkg, analyzer, err)
		}
		res.Errors = append(res.Errors, pkg+": "+analyzer+": "+e.Err)
		return nil
	}
	var diags []diagnostic
	if err := json.Unmarshal(raw, &diags); err != nil {
		return fmt.Errorf("reading the diagnostics of %s/%s: %w", pkg, analyzer, err)
	}
	for _, d := range diags {
		pos, err := parsePosition(d.Posn, root)
		if err != nil {
			return err
		}
		end, err := parsePosition(d.End, root)
		if err != nil {
			end = pos
		}
		f := Finding{Package: pkg, Analyzer: analyzer, Category: d.Category, Message: d.Message, Pos: pos, End: end}
		for _, rel := range d.Related {
			rp, err1 := parsePosition(rel.Posn, root)
			re, err2 := parsePosition(rel.End, root)
			if err1 == nil && err2 == nil {
				f.Related = append(f.Related, Span{rp, re})
			}
		}
		res.Findings = append(res.Findings, f)
	}
	return nil
}

// parsePosition reads file:line:col.
func parsePosition(s, root string) (Position, error) {
	i := strings.LastIndexByte(s, ':')
	j := -1
	if i > 0 {
		j = strings.LastIndexByte(s[:i], ':')
	}
	if j < 0 {
		return Position{}, fmt.Errorf("bad position %q", s)
	}
	line, err1 := strconv.Atoi(s[j+1 : i])
	col, err2 := strconv.Atoi(s[i+1:])
	if err1 != nil || err2 != nil {
		return Position{}, fmt.Errorf("bad position %q", s)
	}
	file := s[:j]
	if rel, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(rel, "..") {
		file = filepath.ToSlash(rel)
	}
	return Position{File: file, Line: line, Col: col}, nil
}

func less(a, b Finding) bool {
	if a.Pos.File != b.Pos.File {
		return a.Pos.File < b.Pos.File
	}
	if a.Pos.Line != b.Pos.Line {
		return a.Pos.Line < b.Pos.Line
	}
	if a.Pos.Col != b.Pos.Col {
		return a.Pos.Col < b.Pos.Col
	}
	return a.Category < b.Category
}
