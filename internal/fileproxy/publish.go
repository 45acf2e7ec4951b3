package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

// publisher writes modules of one git repository, at one revision, into a
// file-based proxy as one version.
type publisher struct {
	root    string    // the repository's work tree
	repo    string    // a repository with the commit whose .git is a directory (zip.CreateFromVCS needs one)
	cleanup func()    // removes repo when it is a temporary clone
	out     string    // the proxy directory
	version string    // the version every module is published as
	rev     string    // the git revision published
	commit  string    // rev's commit hash
	time    time.Time // rev's commit time, the version's time in .info
	dirty   bool      // the work tree has uncommitted changes
}

func newPublisher(out, version, rev string) (*publisher, error) {
	if !strings.HasPrefix(version, "v") || module.CanonicalVersion(version) != version {
		return nil, fmt.Errorf("version %q is not a canonical semantic version such as v0.1.0", version)
	}
	root, err := gitOutput("", "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, err
	}
	p := &publisher{root: strings.TrimSpace(root), version: version, rev: rev}
	if p.out, err = filepath.Abs(out); err != nil {
		return nil, err
	}
	info, err := gitOutput(p.root, "show", "-s", "--format=%H %cI", rev+"^{commit}")
	if err != nil {
		return nil, err
	}
	hash, when, _ := strings.Cut(strings.TrimSpace(info), " ")
	if p.time, err = time.Parse(time.RFC3339, when); err != nil {
		return nil, fmt.Errorf("commit time of %s: %w", rev, err)
	}
	p.commit = hash
	status, err := gitOutput(p.root, "status", "--porcelain", "--untracked-files=no")
	p.dirty = err == nil && strings.TrimSpace(status) != ""
	if err := p.archiveRepo(); err != nil {
		return nil, err
	}
	return p, nil
}

// archiveRepo sets repo to the repository itself, or, when its .git is
// not a directory (a git worktree, which zip.CreateFromVCS does not
// recognise), to a temporary clone of it.
func (p *publisher) archiveRepo() error {
	p.repo, p.cleanup = p.root, func() {}
	if info, err := os.Stat(filepath.Join(p.root, ".git")); err == nil && info.IsDir() {
		return nil
	}
	tmp, err := os.MkdirTemp("", "fileproxy-")
	if err != nil {
		return err
	}
	if _, err := gitOutput("", "clone", "-q", "--no-checkout", p.root, tmp); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	p.repo, p.cleanup = tmp, func() { os.RemoveAll(tmp) }
	return nil
}

// publish adds the module in dir (relative to the repository root) to the
// proxy and returns its path and version.
func (p *publisher) publish(dir string) (module.Version, error) {
	subdir := path.Clean(filepath.ToSlash(dir))
	if subdir == "." {
		subdir = ""
	}
	gomod, err := gitOutput(p.root, "show", p.commit+":"+path.Join(subdir, "go.mod"))
	if err != nil {
		return module.Version{}, fmt.Errorf("no go.mod at %s: %w", p.rev, err)
	}
	m := module.Version{Path: modfile.ModulePath([]byte(gomod)), Version: p.version}
	if err := module.Check(m.Path, m.Version); err != nil {
		return m, err
	}
	escaped, err := module.EscapePath(m.Path)
	if err != nil {
		return m, err
	}
	vdir := filepath.Join(p.out, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(vdir, 0o755); err != nil {
		return m, err
	}
	if err := p.writeZip(filepath.Join(vdir, p.version+".zip"), m, subdir); err != nil {
		return m, err
	}
	return m, p.writeMeta(vdir, []byte(gomod))
}

// writeZip writes m's zip from the revision and checks it as the go
// command will when it downloads it.
func (p *publisher) writeZip(name string, m module.Version, subdir string) error {
	var buf bytes.Buffer
	if err := modzip.CreateFromVCS(&buf, m, p.repo, p.commit, subdir); err != nil {
		return err
	}
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		return err
	}
	license := m.Path + "@" + m.Version + "/LICENSE"
	if !slices.ContainsFunc(zr.File, func(f *zip.File) bool { return f.Name == license }) {
		return errors.New("the module zip has no LICENSE (none in the module's directory or at the repository root)")
	}
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		return err
	}
	if _, err := modzip.CheckZip(m, name); err != nil {
		return fmt.Errorf("checking %s: %w", name, err)
	}
	return nil
}

// writeMeta writes the version's .mod and .info files and adds it to the
// list of versions.
func (p *publisher) writeMeta(vdir string, gomod []byte) error {
	if err := os.WriteFile(filepath.Join(vdir, p.version+".mod"), gomod, 0o644); err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{p.version, p.time.UTC()})
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(vdir, p.version+".info"), info, 0o644); err != nil {
		return err
	}
	listFile := filepath.Join(vdir, "list")
	list, err := os.ReadFile(listFile)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	versions := strings.Fields(string(list))
	if !slices.Contains(versions, p.version) {
		versions = append(versions, p.version)
	}
	return os.WriteFile(listFile, []byte(strings.Join(versions, "\n")+"\n"), 0o644)
}

// gitOutput runs git in dir and returns its standard output.
func gitOutput(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return stdout.String(), nil
}
