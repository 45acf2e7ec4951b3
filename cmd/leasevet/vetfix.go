package main

import (
	"archive/zip"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/leasevet/leasevet/internal/modreq"
	"golang.org/x/tools/go/analysis/unitchecker"
)

// vetFixChildEnv marks the process vetFix starts to run unitchecker, so
// that it does not wrap itself again.
const vetFixChildEnv = "LEASEVET_VETFIX_CHILD"

// vetFix handles go fix -fixtool (the vet protocol with -fix) for a
// package whose module does not require safelock: unitchecker exits the
// process when it is done, so the analysis runs in a child process, and
// afterwards, if the fixed files import safelock, the requirement is
// added (or the command printed) once per module and go fix run. It
// reports false when there is nothing to wrap; the caller then runs
// unitchecker itself, as it always does when the module requires safelock.
func vetFix(args []string) (code int, handled bool) {
	if os.Getenv(vetFixChildEnv) == "1" || !hasFlag(args, "fix") || hasFlag(args, "diff") {
		return 0, false
	}
	cfg, err := readVetConfig(args)
	if err != nil || cfg.VetxOnly || cfg.ModulePath == "" || len(cfg.GoFiles) == 0 {
		// A facts-only run (a dependency of the packages being fixed)
		// fixes nothing: unitchecker runs it in this process.
		return 0, false
	}
	mods, err := modreq.Missing(cfg.GoFiles[:1])
	if err != nil || len(mods) == 0 {
		return 0, false
	}
	code = runChild(args)
	if code == 0 && fixedImportSafelock(cfg) && firstInRun(mods[0].Dir) {
		modreq.Ensure(context.Background(), os.Stderr, "leasevet", mods, safelockVersion())
	}
	return code, true
}

// hasFlag reports whether the boolean flag name is set in args.
func hasFlag(args []string, name string) bool {
	for _, a := range args {
		a = strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if a == name || a == name+"=true" {
			return true
		}
	}
	return false
}

// readVetConfig reads go vet's per-package .cfg file, the last argument.
func readVetConfig(args []string) (*unitchecker.Config, error) {
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return nil, errors.New("no .cfg argument")
	}
	data, err := os.ReadFile(args[len(args)-1])
	if err != nil {
		return nil, err
	}
	cfg := new(unitchecker.Config)
	return cfg, json.Unmarshal(data, cfg)
}

// runChild runs this program again on args with unitchecker and returns
// its exit code.
func runChild(args []string) int {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), vetFixChildEnv+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		return exit.ExitCode()
	}
	fmt.Fprintf(os.Stderr, "leasevet: %v\n", err)
	return 1
}

// fixedImportSafelock reports whether a file the child fixed imports
// safelock: the entries of go fix's archive, or the package's files when
// they were rewritten in place.
func fixedImportSafelock(cfg *unitchecker.Config) bool {
	if cfg.FixArchive == "" {
		for _, name := range cfg.GoFiles {
			if data, err := os.ReadFile(name); err == nil && modreq.ImportsSafelock(data) {
				return true
			}
		}
		return false
	}
	zr, err := zip.OpenReader(cfg.FixArchive)
	if err != nil {
		return false
	}
	defer zr.Close()
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			continue
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err == nil && modreq.ImportsSafelock(data) {
			return true
		}
	}
	return false
}

// firstInRun reports whether this is the first tool process of the
// current go fix run (our parent) to handle the module in dir: go fix
// starts one process per package, often in parallel, and the module's
// go.mod must get one go get and one message. A marker file created with
// O_EXCL decides it.
func firstInRun(dir string) bool {
	sum := sha256.Sum256([]byte(dir))
	name := filepath.Join(os.TempDir(), fmt.Sprintf("leasevet-safelock-%x-%d", sum[:8], os.Getppid()))
	f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return false
	}
	return f.Close() == nil
}
