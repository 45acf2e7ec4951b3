// Package modreq keeps a module buildable after leasevet's fixes: a fix
// that rewrites code to safelock adds the import of
// github.com/leasevet/leasevet/safelock, and a module that does not require
// that module would then fail with "no required module provides package".
// modreq finds the modules whose fixed files import safelock without
// requiring it, adds the requirement with go get at the version that
// matches the running leasevet, and, where it cannot, says which command to
// run: one line per module.
//
// It lives outside cmd/leasevet so that the fix round-trip test in
// analyzers/ checks the same code the command runs.
package modreq

import (
	"bytes"
	"context"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
)

// SafelockPath is the module (and package) path the fixes import.
const SafelockPath = "github.com/leasevet/leasevet/safelock"

// Version returns the safelock version that matches the leasevet binary
// described by bi, or "" when it cannot be known. safelock is tagged with
// leasevet's release tags (vX.Y.Z and safelock/vX.Y.Z on the same commit),
// so a release build names its tag; a build of an untagged commit has a
// pseudo-version whose commit hash go get resolves in the safelock module
// too. A development build ("(devel)", or a pseudo-version of a modified
// tree) cannot name a version that exists anywhere.
func Version(bi *debug.BuildInfo) string {
	if bi == nil {
		return ""
	}
	v := bi.Main.Version
	if v == "" || v == "(devel)" || strings.HasSuffix(v, "+dirty") {
		return ""
	}
	if module.IsPseudoVersion(v) {
		rev, err := module.PseudoVersionRev(v)
		if err != nil {
			return ""
		}
		return rev
	}
	return v
}

// A Module is a module that a fix made import safelock without requiring it.
type Module struct {
	Dir  string // the directory of its go.mod
	Path string // its module path
}

// Command returns the command that adds the safelock requirement to m,
// at version, or at the latest release when version is "".
func Command(m Module, version string) string {
	if version == "" {
		version = "latest"
	}
	return fmt.Sprintf("go -C %s get %s@%s", quoteArg(m.Dir), SafelockPath, version)
}

// quoteArg quotes a path for a shell when it needs it.
func quoteArg(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`;&|<>()*?[]#~") {
		return s
	}
	return strconv.Quote(s)
}

// ImportsSafelock reports whether the Go source src imports safelock. A
// file that does not parse is reported as not importing it: the fix
// driver refuses to write such a file anyway.
func ImportsSafelock(src []byte) bool {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly)
	if err != nil {
		return false
	}
	for _, imp := range f.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err == nil && p == SafelockPath {
			return true
		}
	}
	return false
}

// Missing returns, once each and sorted by directory, the modules of the
// named files that do not require safelock. It looks for each file's
// nearest go.mod; a file outside any module, or in safelock's own module,
// needs nothing.
func Missing(files []string) ([]Module, error) {
	seen := make(map[string]bool)
	var out []Module
	for _, name := range files {
		dir, err := moduleDir(name)
		if err != nil || dir == "" || seen[dir] {
			continue
		}
		seen[dir] = true
		m, needs, err := needsSafelock(dir)
		if err != nil {
			return nil, err
		}
		if needs {
			out = append(out, m)
		}
	}
	slices.SortFunc(out, func(a, b Module) int { return strings.Compare(a.Dir, b.Dir) })
	return out, nil
}

// moduleDir returns the directory of the go.mod nearest to file, or "".
func moduleDir(file string) (string, error) {
	dir, err := filepath.Abs(filepath.Dir(file))
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// needsSafelock reads dir/go.mod and reports whether it lacks a
// requirement of safelock.
func needsSafelock(dir string) (Module, bool, error) {
	name := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(name)
	if err != nil {
		return Module{}, false, err
	}
	f, err := modfile.ParseLax(name, data, nil)
	if err != nil {
		return Module{}, false, err
	}
	m := Module{Dir: dir}
	if f.Module != nil {
		m.Path = f.Module.Mod.Path
	}
	if m.Path == SafelockPath {
		return m, false, nil
	}
	for _, r := range f.Require {
		if r.Mod.Path == SafelockPath {
			return m, false, nil
		}
	}
	return m, true, nil
}

// Add runs go get in m's directory to require safelock at version, and
// marks the requirement direct, as go mod tidy would: go get marks a
// module it adds "// indirect" even when the module's files import it.
func Add(ctx context.Context, m Module, version string) error {
	cmd := exec.CommandContext(ctx, "go", "get", SafelockPath+"@"+version)
	cmd.Dir = m.Dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%w: %s", err, strings.ReplaceAll(strings.TrimSpace(out.String()), "\n", "; "))
	}
	return requireDirect(filepath.Join(m.Dir, "go.mod"))
}

// requireDirect rewrites the go.mod file name so that its safelock
// requirement is direct, moved to the block of direct requirements the
// way go mod tidy lays them out; other requirements keep their place.
func requireDirect(name string) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	f, err := modfile.Parse(name, data, nil)
	if err != nil {
		return err
	}
	reqs := make([]*modfile.Require, 0, len(f.Require))
	changed := false
	for _, r := range f.Require {
		r := *r
		if r.Mod.Path == SafelockPath && r.Indirect {
			r.Indirect, changed = false, true
		}
		reqs = append(reqs, &r)
	}
	if !changed {
		return nil
	}
	f.SetRequireSeparateIndirect(reqs)
	f.Cleanup()
	out, err := f.Format()
	if err != nil {
		return err
	}
	return os.WriteFile(name, out, 0o644)
}

// Advise writes, for each module in mods, one line to w with the command
// that adds the safelock requirement: for -diff, which changes nothing.
func Advise(w io.Writer, prog string, mods []Module, version string) {
	for _, m := range mods {
		fmt.Fprintf(w, "%s: the fixes import %s, which %s does not require; run: %s\n",
			prog, SafelockPath, filepath.Join(m.Dir, "go.mod"), Command(m, version))
	}
}

// Ensure adds the safelock requirement to each module in mods (at
// version; with an empty version it cannot) and writes one line per
// module to w: what it added, or the command to run. It reports whether
// every module requires safelock now.
func Ensure(ctx context.Context, w io.Writer, prog string, mods []Module, version string) bool {
	ok := true
	for _, m := range mods {
		gomod := filepath.Join(m.Dir, "go.mod")
		if version == "" {
			Advise(w, prog, []Module{m}, version)
			ok = false
			continue
		}
		if err := Add(ctx, m, version); err != nil {
			fmt.Fprintf(w, "%s: adding %s@%s to %s failed (%v); run: %s\n",
				prog, SafelockPath, version, gomod, err, Command(m, version))
			ok = false
			continue
		}
		fmt.Fprintf(w, "%s: added %s@%s to %s (the fixes import it)\n", prog, SafelockPath, version, gomod)
	}
	return ok
}
