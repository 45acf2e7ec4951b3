package vetrun

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
)

// listFields are the go list -json fields the run reads.
const listFields = "ImportPath,Name,Dir,ForTest,Module,GoFiles,CgoFiles,TestGoFiles,XTestGoFiles,Deps,Error,DepsErrors"

// listed is one package as go list -json describes it.
type listed struct {
	ImportPath   string
	Name         string
	Dir          string
	ForTest      string // the package under test, for a test variant "p [p.test]" or "p_test [p.test]"
	Module       *listedModule
	GoFiles      []string
	CgoFiles     []string
	TestGoFiles  []string
	XTestGoFiles []string
	Deps         []string
	Error        *listError
	DepsErrors   []*listError
}

type listedModule struct {
	Path      string
	Dir       string
	Main      bool
	GoVersion string
}

// listError is go list's PackageError.
type listError struct {
	ImportStack []string
	Pos         string // relative to the directory go list ran in
	Err         string
}

// line is the error as one printed line (or several, when the message
// has several): "pos: err".
func (e *listError) line() string {
	if e.Pos == "" {
		return e.Err
	}
	return e.Pos + ": " + e.Err
}

// failedPackage is the package whose error this is: the last of the import
// stack, which go list ends with the package that did not load.
func (e *listError) failedPackage(self string) string {
	if n := len(e.ImportStack); n > 0 {
		return e.ImportStack[n-1]
	}
	return self
}

// list runs go list -e on the patterns and returns the packages, test
// variants included when tests are wanted.
func list(ctx context.Context, cfg Config) ([]*listed, error) {
	args := []string{"list", "-e", "-json=" + listFields}
	if cfg.Tests {
		args = append(args, "-test")
	}
	args = append(args, "--")
	args = append(args, cfg.Patterns...)
	cmd := exec.CommandContext(ctx, cfg.goCommand(), args...)
	cmd.Dir = cfg.Dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("loading packages: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	var pkgs []*listed
	dec := json.NewDecoder(&stdout)
	for {
		p := new(listed)
		err := dec.Decode(p)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading go list output: %w", err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("%s matched no packages", strings.Join(cfg.Patterns, " "))
	}
	return pkgs, nil
}
