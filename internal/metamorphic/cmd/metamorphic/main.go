// Command metamorphic checks that leasevet's findings do not change when
// a module is refactored without changing what it does. It is what
// scripts/metamorphic.sh runs; see docs/metamorphic.md.
//
//	metamorphic [-leasevet BIN] [-threshold 0.95] [-kinds a,b] [-bisect N] MODULE_DIR...
//
// It prints a table per module and kind, every finding a rewrite lost or
// added, and last the line
//
//	metamorphic: K refactorings, P pairs, I invariant (R)
//
// It exits 0 when R reaches the threshold and nothing was added, 1 when
// not, 2 on bad usage or a module it could not test.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/leasevet/leasevet/internal/metamorphic/driver"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("metamorphic", flag.ContinueOnError)
	fs.SetOutput(stderr)
	bin := fs.String("leasevet", os.Getenv("LEASEVET"), "the analyzer binary (default $LEASEVET, else built from -checkout)")
	checkout := fs.String("checkout", ".", "the leasevet checkout to build the binary from when -leasevet is not given")
	threshold := fs.Float64("threshold", 0.95, "the least share of invariant pairs that passes")
	kinds := fs.String("kinds", "", "comma-separated kinds to run (default all): "+kindNames(driver.Kinds()))
	keep := fs.String("keep", "", "keep each kind's rewritten copy of each module in `DIR`/MODULE/KIND, to read")
	bisect := fs.Int("bisect", 40, "analyzer runs allowed per kind and module to attribute lost and added findings")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: metamorphic [flags] MODULE_DIR...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 || *threshold < 0 || *threshold > 1 || *bisect < 0 {
		fs.Usage()
		return 2
	}
	selected, err := selectKinds(*kinds)
	if err != nil {
		fmt.Fprintf(stderr, "metamorphic: %v\n", err)
		return 2
	}
	analyzer, cleanup, err := analyzerBinary(*bin, *checkout, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "metamorphic: %v\n", err)
		return 2
	}
	defer cleanup()
	cfg := &driver.Config{Analyzer: analyzer, Kinds: selected, Threshold: *threshold, MaxBisect: *bisect,
		Keep: *keep, Stdout: stdout, Stderr: stderr}
	return driver.Run(context.Background(), cfg, fs.Args())
}

// selectKinds returns the kinds named in the comma-separated list, all
// of them for an empty list.
func selectKinds(list string) ([]rewrite.Kind, error) {
	all := driver.Kinds()
	if list == "" {
		return all, nil
	}
	var selected []rewrite.Kind
	for _, name := range strings.Split(list, ",") {
		found := false
		for _, k := range all {
			if k.Name() == strings.TrimSpace(name) {
				selected = append(selected, k)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("no kind %q; the kinds are %s", name, kindNames(all))
		}
	}
	return selected, nil
}

func kindNames(kinds []rewrite.Kind) string {
	var names []string
	for _, k := range kinds {
		names = append(names, k.Name())
	}
	return strings.Join(names, ", ")
}

// analyzerBinary returns bin, made absolute, or builds leasevet from the
// checkout into a temporary directory that cleanup removes.
func analyzerBinary(bin, checkout string, stderr io.Writer) (string, func(), error) {
	if bin != "" {
		abs, err := exec.LookPath(bin)
		if err != nil {
			return "", nil, fmt.Errorf("the analyzer: %w", err)
		}
		abs, err = filepath.Abs(abs)
		return abs, func() {}, err
	}
	tmp, err := os.MkdirTemp("", "metamorphic-bin-")
	if err != nil {
		return "", nil, err
	}
	out := filepath.Join(tmp, "leasevet")
	fmt.Fprintf(stderr, "metamorphic: building leasevet from %s\n", checkout)
	cmd := exec.Command("go", "build", "-o", out, "./cmd/leasevet")
	cmd.Dir = checkout
	if msg, err := cmd.CombinedOutput(); err != nil {
		os.RemoveAll(tmp)
		return "", nil, fmt.Errorf("building leasevet: %w\n%s", err, msg)
	}
	return out, func() { os.RemoveAll(tmp) }, nil
}
