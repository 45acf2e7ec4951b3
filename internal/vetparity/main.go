// Vetparity checks that leasevet gives the same answer under go vet as
// from source: for each module directory it runs
//
//	go vet -vettool=LEASEVET -json ./...
//
// and leasevet's analyzers in this process on the same packages, loaded
// from source with go/packages and run with the checker, as golangci-lint
// and gopls run them; it normalises both to sorted lines "file:line:col
// category message" (file relative to the module directory; a package on
// which an analyzer failed becomes "ERROR package"), and prints the lines
// found by only one of them. The drivers type-check differently (under go
// vet each package reads its imports' types from the files their units
// wrote, from source everything is type-checked together), so a difference
// is a leasevet bug that one kind of user sees and the other does not.
// (Standalone leasevet runs go vet: it is the go vet side.)
//
// Usage, from within the leasevet module (scripts/vetparity.sh does this):
//
//	go run ./internal/vetparity [-leasevet BIN] DIR...
//
// Without -leasevet it builds cmd/leasevet first. The go commands run with
// the caller's environment (set GOFLAGS=-mod=mod GOPROXY=off to stay
// offline, as the tests do). Exit status: 0 when every module agrees, 1 on
// a difference, 2 when a run fails.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

func main() {
	bin := flag.String("leasevet", "", "leasevet binary to use (default: build cmd/leasevet)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: vetparity [-leasevet BIN] MODULE_DIR...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	os.Exit(run(*bin, flag.Args(), os.Stdout))
}

// run compares the drivers on each directory and returns the exit status.
func run(bin string, dirs []string, w io.Writer) int {
	if bin == "" {
		tmp, err := os.MkdirTemp("", "vetparity")
		if err != nil {
			fmt.Fprintln(w, "vetparity:", err)
			return 2
		}
		defer os.RemoveAll(tmp)
		if bin, err = buildLeasevet(tmp); err != nil {
			fmt.Fprintln(w, "vetparity:", err)
			return 2
		}
	}
	status := 0
	for _, dir := range dirs {
		c, err := compare(bin, dir)
		if err != nil {
			fmt.Fprintf(w, "vetparity: %s: %v\n", dir, err)
			status = 2
			continue
		}
		if len(c.diff) == 0 {
			fmt.Fprintf(w, "%s: go vet and from source agree (%d lines)\n", dir, len(c.vet))
			continue
		}
		fmt.Fprintf(w, "%s: go vet and from source differ (- go vet only, + from source only):\n", dir)
		for _, l := range c.diff {
			fmt.Fprintln(w, l)
		}
		status = max(status, 1)
	}
	return status
}

// buildLeasevet builds cmd/leasevet into dir; the working directory must
// lie in the leasevet module.
func buildLeasevet(dir string) (string, error) {
	bin := filepath.Join(dir, "leasevet")
	if _, err := runGo(".", "go", "build", "-o", bin, "github.com/leasevet/leasevet/cmd/leasevet"); err != nil {
		return "", fmt.Errorf("building leasevet: %w", err)
	}
	return bin, nil
}
