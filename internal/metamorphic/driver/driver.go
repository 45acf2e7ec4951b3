// Package driver runs the metamorphic test: for each module it records
// an analyzer's findings, applies each kind of refactoring to every place
// it applies (one kind per rewritten copy of the module), rebuilds the
// copy, runs the analyzer again and checks that every finding is still
// reported at the same command with the same category and that none was
// added. It attributes each finding lost or added to the place that
// caused it (by the node a rewrite created, or by running the analyzer
// on halves of the places), and prints the tables and the summary line.
//
// The user's tree is never written: the module is copied into a
// temporary directory, removed at the end.
package driver

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
)

// Config says what to run and how.
type Config struct {
	Analyzer  string         // the analyzer binary: leasevet, or anything that prints go vet -json
	Kinds     []rewrite.Kind // the refactorings, in the order of the table
	Threshold float64        // the least share of invariant pairs that passes
	MaxBisect int            // analyzer runs allowed per kind and module to attribute findings
	Keep      string         // when set, each kind's rewritten copy is kept in Keep/MODULE/KIND
	Stdout    io.Writer      // the tables and the summary line
	Stderr    io.Writer      // progress
}

// Run runs the test on the modules (directories holding a go.mod) and
// returns the exit status: 0 when the share of invariant pairs reaches
// the threshold and no finding was added, 1 otherwise, 2 when a module
// could not be tested at all.
func Run(ctx context.Context, cfg *Config, modules []string) int {
	var all []*kindResult
	status := 0
	for _, dir := range modules {
		results, err := runModule(ctx, cfg, dir)
		if err != nil {
			fmt.Fprintf(cfg.Stderr, "metamorphic: %s: %v\n", dir, err)
			status = 2
			continue
		}
		printModule(cfg.Stdout, dir, results)
		all = append(all, results...)
	}
	s := summarize(all)
	printTotals(cfg.Stdout, cfg.Kinds, all)
	fmt.Fprintln(cfg.Stdout, s.line())
	if status == 0 {
		status = s.status(cfg.Threshold)
	}
	return status
}

// runModule tests one module in a temporary copy.
func runModule(ctx context.Context, cfg *Config, dir string) ([]*kindResult, error) {
	tmp, err := os.MkdirTemp("", "metamorphic-")
	if err != nil {
		return nil, fmt.Errorf("making a temporary directory: %w", err)
	}
	defer os.RemoveAll(tmp)
	r, err := newModuleRun(ctx, cfg, dir, tmp)
	if err != nil {
		return nil, err
	}
	var results []*kindResult
	for _, k := range cfg.Kinds {
		res, err := r.runKind(k)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k.Name(), err)
		}
		results = append(results, res)
	}
	return results, nil
}

// progress prints a line of progress on stderr.
func (r *moduleRun) progress(format string, args ...any) {
	fmt.Fprintf(r.cfg.Stderr, "metamorphic: %s: %s\n", r.dir, fmt.Sprintf(format, args...))
}
