// Package variant makes the rewritten copies of a module: a copy of the
// module that the rewrites read (never the user's tree), and the one
// directory into which each rewrite's output is written, built and
// analysed. The directory keeps one path for every copy, so that the
// analyzer's messages and the build cache see the same file names.
//
// It must not know what a rewrite or a finding means.
package variant

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/leasevet/leasevet/internal/metamorphic/finding"
	"github.com/leasevet/leasevet/internal/metamorphic/output"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// Copy is a module under test: its copy (Orig) and the directory of its
// rewritten copies (Dir).
type Copy struct {
	Orig, Dir string
	Module    *workspace.Module
	ctx       context.Context
	analyzer  string
	Runs      int           // analyzer runs so far
	Spent     time.Duration // in analyzer runs
}

// New copies the module in dir into tmp and loads the copy.
func New(ctx context.Context, analyzer, dir, tmp string) (*Copy, error) {
	c := &Copy{Orig: filepath.Join(tmp, "orig"), Dir: filepath.Join(tmp, "variant"), ctx: ctx, analyzer: analyzer}
	if err := CopyModule(dir, c.Orig, nil); err != nil {
		return nil, err
	}
	m, err := workspace.Load(c.Orig)
	if err != nil {
		return nil, err
	}
	c.Module = m
	return c, nil
}

// Write makes Dir a fresh copy of the module with out (if any) written
// into it.
func (c *Copy) Write(out *output.Output) error {
	if err := os.RemoveAll(c.Dir); err != nil {
		return fmt.Errorf("clearing the copy: %w", err)
	}
	if err := CopyModule(c.Orig, c.Dir, nil); err != nil {
		return err
	}
	if out == nil {
		return nil
	}
	return out.WriteTo(c.Dir)
}

// Build runs go build ./... in Dir.
func (c *Copy) Build() error {
	cmd := exec.CommandContext(c.ctx, "go", "build", "./...")
	cmd.Dir = c.Dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %w\n%s", err, out)
	}
	return nil
}

// Analyze runs the analyzer on the packages of Dir that patterns name,
// and keeps the findings in those packages only (an analyzer may report
// others; a comparison must not see them).
func (c *Copy) Analyze(patterns ...string) (*finding.Result, error) {
	start := time.Now()
	defer func() { c.Runs, c.Spent = c.Runs+1, c.Spent+time.Since(start) }()
	res, err := finding.Run(c.ctx, c.analyzer, c.Dir, patterns...)
	if err != nil || len(patterns) == 1 && patterns[0] == "./..." {
		return res, err
	}
	dirs := map[string]bool{}
	for _, p := range patterns {
		dirs[path.Clean(strings.TrimPrefix(p, "./"))] = true
	}
	kept := res.Findings[:0]
	for _, f := range res.Findings {
		if dirs[path.Dir(f.Pos.File)] {
			kept = append(kept, f)
		}
	}
	res.Findings = kept
	return res, nil
}

// Affected returns the directories whose findings out can change: those
// it wrote a Go file in, and those of the module's packages that import
// one of them, directly or not (tests included). The findings of every
// other package stay what they were, since nothing they are built from
// changed.
func (c *Copy) Affected(out *output.Output) []string {
	importers := map[string][]string{} // import path → dirs of the packages that import it
	for _, p := range c.Module.Packages {
		for _, files := range [][]*workspace.File{p.Files, p.Tests, p.XTests} {
			for _, f := range files {
				for _, spec := range f.Syntax.Imports {
					imp, _ := strconv.Unquote(spec.Path.Value)
					importers[imp] = append(importers[imp], path.Dir(f.Rel))
				}
			}
		}
	}
	seen := map[string]bool{}
	var visit func(d string)
	visit = func(d string) {
		if seen[d] {
			return
		}
		seen[d] = true
		if imp, err := c.Module.ImportPath(filepath.Join(c.Module.Dir, d)); err == nil {
			for _, importer := range importers[imp] {
				visit(importer)
			}
		}
	}
	for _, d := range out.Dirs() {
		visit(d)
	}
	var dirs []string
	for d := range seen {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	return dirs
}

// Patterns returns the package patterns (./dir, or . for the root) of
// relative directories, once each.
func Patterns(dirs []string) []string {
	seen := map[string]bool{}
	var pats []string
	for _, d := range dirs {
		p := "./" + d
		if d == "." {
			p = "."
		}
		if !seen[p] {
			seen[p] = true
			pats = append(pats, p)
		}
	}
	sort.Strings(pats)
	return pats
}
