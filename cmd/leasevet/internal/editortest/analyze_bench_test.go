package editortest

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime/pprof"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/leasevet/leasevet/analyzers"
)

// BenchmarkAnalyzeEditedPackage measures what leasevet's analyzers cost on
// the package BenchmarkGoplsEdit edits, with one benchmark edit applied:
// the work gopls redoes for that package on each edit (the dependencies'
// facts, which gopls keeps across edits, are recomputed here but not
// counted). It reports the median time of each analyzer's action on the
// edited package (lockmodel, which builds the model every rule reads,
// SSA included, and each rule) and their sum. Every analyzer runs under
// the pprof label leasevet=edited or leasevet=dependency, so that
//
//	go test -run '^$' -bench AnalyzeEditedPackage -cpuprofile cpu.out
//	go tool pprof -tagfocus=leasevet=edited -top cpu.out
//
// shows where the edited package's time goes. The target is the one of
// BenchmarkGoplsEdit (benchModuleEnv and the others).
func BenchmarkAnalyzeEditedPackage(b *testing.B) {
	dir, file, edit := benchTarget(b)
	name := filepath.Join(dir, file)
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: dir,
		Overlay: map[string][]byte{name: []byte(readFile(b, name) + fmt.Sprintf(edit, 2))}}
	pkgs, err := packages.Load(cfg, "./"+filepath.ToSlash(filepath.Dir(file)))
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		b.Fatalf("loading the edited package: %v", err)
	}
	set := labelledByPackage(analyzers.Default(), pkgs[0].PkgPath)
	times := make(map[string][]time.Duration)
	found := false
	b.ResetTimer()
	for range b.N {
		// Sequential: in parallel, the checker's own comment says, the
		// durations come out several times too high.
		graph, err := checker.Analyze(set, pkgs, &checker.Options{Sequential: true})
		if err != nil {
			b.Fatal(err)
		}
		var total time.Duration
		for act := range graph.All() {
			if act.Package.PkgPath == pkgs[0].PkgPath {
				times[act.Analyzer.Name] = append(times[act.Analyzer.Name], act.Duration)
				total += act.Duration
				found = found || act.Analyzer.Name == "setnxexpire" && len(act.Diagnostics) > 0
			}
		}
		times["total"] = append(times["total"], total)
	}
	b.StopTimer()
	if !found {
		b.Fatal("leasevet did not report the edit's setnx-expire: nothing of its work was measured")
	}
	for name, ds := range times {
		b.ReportMetric(ms(median(ds)), name+"-ms")
	}
}

// labelledByPackage wraps, in place, the Run of every analyzer of the set
// and of the lockmodel analyzer they share (all of them the set's own,
// made by analyzers.Default for this benchmark) in a pprof label saying
// whether the pass is on the edited package.
func labelledByPackage(set []*analysis.Analyzer, edited string) []*analysis.Analyzer {
	seen := make(map[*analysis.Analyzer]bool)
	var wrap func(a *analysis.Analyzer)
	wrap = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, r := range a.Requires {
			wrap(r)
		}
		run := a.Run
		a.Run = func(pass *analysis.Pass) (res any, err error) {
			which := "dependency"
			if pass.Pkg.Path() == edited {
				which = "edited"
			}
			pprof.Do(context.Background(), pprof.Labels("leasevet", which), func(context.Context) {
				res, err = run(pass)
			})
			return res, err
		}
	}
	for _, a := range set {
		wrap(a)
	}
	return set
}
