package goplsbuild

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// ModulePath is leasevet's module, the one whose analyzers go into gopls.
const ModulePath = "github.com/leasevet/leasevet"

const goplsModule = "golang.org/x/tools/gopls"

// Config says what to build.
type Config struct {
	Output      string    // the gopls binary to write
	Version     string    // gopls module version; "" for the release made for the Go that builds it
	LeasevetSrc string    // leasevet's module root; found automatically if ""
	WorkDir     string    // where to edit gopls's source; a temporary directory if ""
	Go          string    // the go command; "go" if ""
	Log         io.Writer // progress and the go commands' output; discarded if nil

	// Plain builds the same gopls, from the same steps, without leasevet's
	// analyzers: the baseline for measuring what they cost in the editor.
	Plain bool
}

// Main implements "leasevet gopls" and returns the exit code.
func Main(args []string, stderr io.Writer) int {
	cfg := Config{Log: stderr}
	fset := flag.NewFlagSet("leasevet gopls", flag.ContinueOnError)
	fset.SetOutput(stderr)
	fset.StringVar(&cfg.Output, "o", "", "write the gopls binary to this `file` (required)")
	fset.StringVar(&cfg.Version, "version", "", "gopls module `version` to build (default: the release made for the Go that builds it, "+releaseList()+")")
	fset.StringVar(&cfg.LeasevetSrc, "leasevet-src", "", "leasevet module `dir` to build in; default: the running binary's source, else its module version, else the enclosing leasevet checkout")
	fset.StringVar(&cfg.WorkDir, "work", "", "keep gopls's edited source in this `dir` (default: a temporary directory, removed)")
	fset.BoolVar(&cfg.Plain, "without-leasevet", false, "build the same gopls without leasevet's analyzers (a baseline for benchmarks)")
	fset.Usage = func() {
		fmt.Fprint(stderr, "usage: leasevet gopls -o FILE [-version V] [-leasevet-src DIR] [-work DIR]\n\n"+
			"Builds gopls from the module proxy with leasevet's analyzers added to its analyzer list.\n\n")
		fset.PrintDefaults()
	}
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if cfg.Output == "" || fset.NArg() > 0 {
		fset.Usage()
		return 2
	}
	if err := Build(cfg); err != nil {
		fmt.Fprintf(stderr, "leasevet gopls: %v\n", err)
		return 1
	}
	return 0
}

// builder carries the state of one build.
type builder struct {
	Config
	start time.Time
	env   []string
}

// Build downloads gopls, adds leasevet's analyzers and builds it.
func Build(cfg Config) error {
	b := &builder{Config: cfg, start: time.Now()}
	if b.Go == "" {
		b.Go = "go"
	}
	if b.Log == nil {
		b.Log = io.Discard
	}
	// GOWORK=off: a go.work around the work dir must not change the build.
	b.env = append(os.Environ(), "GOWORK=off")
	out, err := filepath.Abs(b.Output)
	if err != nil {
		return fmt.Errorf("output path: %w", err)
	}
	b.Output = out
	if err := b.chooseVersion(); err != nil {
		return err
	}
	if err := b.resolveLeasevetSrc(); err != nil {
		return err
	}
	dir, cleanup, err := b.workDir()
	if err != nil {
		return err
	}
	defer cleanup()
	return b.steps(dir)
}

// chooseVersion sets Version, when it is not given, to the gopls release
// made for the Go that the go command runs.
func (b *builder) chooseVersion() error {
	if b.Version != "" {
		return nil
	}
	gv, err := goVersion(b.Go, b.env)
	if err != nil {
		return err
	}
	gopls, note, err := goplsFor(gv)
	if err != nil {
		return fmt.Errorf("%w; pass -version to choose a gopls release", err)
	}
	if note != "" {
		b.progress("%s", note)
	}
	b.Version = gopls
	b.progress("%s: gopls %s", gv, gopls)
	return nil
}

// steps runs the build in dir, each step logged with the elapsed time.
func (b *builder) steps(dir string) error {
	b.progress("download %s@%s", goplsModule, b.Version)
	src, err := b.download(goplsModule, b.Version)
	if err != nil {
		return err
	}
	b.progress("copy %s to %s", src, dir)
	if err := copyTree(src, dir); err != nil {
		return fmt.Errorf("copying gopls source: %w", err)
	}
	pin, err := b.requiredVersion(dir, "golang.org/x/tools")
	if err != nil {
		return err
	}
	if err := b.addLeasevet(dir, pin); err != nil {
		return err
	}
	b.progress("go mod tidy")
	if err := b.goCmd(dir, "mod", "tidy"); err != nil {
		return err
	}
	// -trimpath keeps the work directory out of the compile inputs, so a
	// rebuild from a fresh temporary copy still hits the build cache.
	b.progress("go build -trimpath -o %s", b.Output)
	if err := b.goCmd(dir, "build", "-trimpath", "-o", b.Output, "."); err != nil {
		return fmt.Errorf("%w (if the error is in leasevet's analyzers, they use an x/tools API newer than gopls's pin %s)", err, pin)
	}
	b.progress("done: %s", b.Output)
	return nil
}

// addLeasevet edits gopls's analyzer list and go.mod to build leasevet's
// analyzers in, pinning x/tools to gopls's own version; with Plain it pins
// x/tools alone, so that both builds use the same x/tools.
func (b *builder) addLeasevet(dir, pin string) error {
	pinArg := "-replace=golang.org/x/tools=golang.org/x/tools@" + pin
	if b.Plain {
		b.progress("without leasevet: go.mod: pin golang.org/x/tools@%s", pin)
		return b.goCmd(dir, "mod", "edit", pinArg)
	}
	b.progress("edit %s: append leasevet's analyzers to initAnalyzers", RegistryFile)
	if err := patchFile(filepath.Join(dir, RegistryFile)); err != nil {
		return fmt.Errorf("gopls@%s: %w", b.Version, err)
	}
	b.progress("go.mod: require %s => %s; pin golang.org/x/tools@%s", ModulePath, b.LeasevetSrc, pin)
	return b.goCmd(dir, "mod", "edit", "-require="+ModulePath+"@v0.0.0",
		"-replace="+ModulePath+"="+b.LeasevetSrc, pinArg)
}

func (b *builder) progress(format string, args ...any) {
	fmt.Fprintf(b.Log, "leasevet gopls: [%6.1fs] %s\n", time.Since(b.start).Seconds(), fmt.Sprintf(format, args...))
}

// workDir returns the directory to build in and how to clean it up.
func (b *builder) workDir() (string, func(), error) {
	if b.WorkDir != "" {
		dir, err := filepath.Abs(b.WorkDir)
		if err != nil {
			return "", nil, fmt.Errorf("work dir: %w", err)
		}
		if err := clearWorkDir(dir); err != nil {
			return "", nil, err
		}
		return dir, func() {}, nil
	}
	tmp, err := os.MkdirTemp("", "leasevet-gopls-")
	if err != nil {
		return "", nil, fmt.Errorf("work dir: %w", err)
	}
	return filepath.Join(tmp, "gopls"), func() { os.RemoveAll(tmp) }, nil
}

// clearWorkDir empties dir for a new copy of gopls. It refuses a
// non-empty directory that is not an earlier gopls copy, so that a
// mistyped -work cannot delete unrelated files.
func clearWorkDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && len(entries) == 0) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("work dir: %w", err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil || !bytes.Contains(data, []byte("module "+goplsModule+"\n")) {
		return fmt.Errorf("work dir %s is not empty and holds no earlier gopls copy; not deleting it", dir)
	}
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("clearing work dir: %w", err)
	}
	return nil
}

// download fetches a module through the module proxy (or the module
// cache) and returns its source directory.
func (b *builder) download(mod, version string) (string, error) {
	var out bytes.Buffer
	cmd := exec.Command(b.Go, "mod", "download", "-json", mod+"@"+version)
	cmd.Env = b.env
	cmd.Stdout = &out
	cmd.Stderr = b.Log
	runErr := cmd.Run()
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out.Bytes(), &info); err != nil && runErr == nil {
		return "", fmt.Errorf("go mod download %s@%s: decoding output: %w", mod, version, err)
	}
	if info.Error != "" {
		return "", fmt.Errorf("go mod download %s@%s: %s", mod, version, info.Error)
	}
	if runErr != nil || info.Dir == "" {
		return "", fmt.Errorf("go mod download %s@%s failed: %v", mod, version, runErr)
	}
	return info.Dir, nil
}

// requiredVersion returns the version of mod that dir's go.mod requires.
func (b *builder) requiredVersion(dir, mod string) (string, error) {
	var out bytes.Buffer
	cmd := exec.Command(b.Go, "mod", "edit", "-json")
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = dir, b.env, &out, b.Log
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("reading gopls go.mod: %w", err)
	}
	var gomod struct {
		Require []struct{ Path, Version string }
	}
	if err := json.Unmarshal(out.Bytes(), &gomod); err != nil {
		return "", fmt.Errorf("decoding gopls go.mod: %w", err)
	}
	for _, r := range gomod.Require {
		if r.Path == mod {
			return r.Version, nil
		}
	}
	return "", fmt.Errorf("gopls go.mod does not require %s", mod)
}

// goCmd runs the go command in dir, its output going to the log.
func (b *builder) goCmd(dir string, args ...string) error {
	cmd := exec.Command(b.Go, args...)
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = dir, b.env, b.Log, b.Log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go %s: %w", strings.Join(args, " "), err)
	}
	return nil
}

// patchFile applies PatchRegistry to the file in place.
func patchFile(name string) error {
	src, err := os.ReadFile(name)
	if err != nil {
		return fmt.Errorf("reading the analyzer registry: %w", err)
	}
	out, err := PatchRegistry(src)
	if err != nil {
		return err
	}
	return os.WriteFile(name, out, 0o644)
}

// copyTree copies the module directory src (read-only in the module
// cache) to a new writable dst.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil // module zips hold only regular files
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}
