package analyzers_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/appends"
	"golang.org/x/tools/go/analysis/passes/asmdecl"
	"golang.org/x/tools/go/analysis/passes/assign"
	"golang.org/x/tools/go/analysis/passes/atomic"
	"golang.org/x/tools/go/analysis/passes/bools"
	"golang.org/x/tools/go/analysis/passes/buildtag"
	"golang.org/x/tools/go/analysis/passes/cgocall"
	"golang.org/x/tools/go/analysis/passes/composite"
	"golang.org/x/tools/go/analysis/passes/copylock"
	"golang.org/x/tools/go/analysis/passes/defers"
	"golang.org/x/tools/go/analysis/passes/directive"
	"golang.org/x/tools/go/analysis/passes/errorsas"
	"golang.org/x/tools/go/analysis/passes/framepointer"
	"golang.org/x/tools/go/analysis/passes/hostport"
	"golang.org/x/tools/go/analysis/passes/httpresponse"
	"golang.org/x/tools/go/analysis/passes/ifaceassert"
	"golang.org/x/tools/go/analysis/passes/loopclosure"
	"golang.org/x/tools/go/analysis/passes/lostcancel"
	"golang.org/x/tools/go/analysis/passes/nilfunc"
	"golang.org/x/tools/go/analysis/passes/printf"
	"golang.org/x/tools/go/analysis/passes/shift"
	"golang.org/x/tools/go/analysis/passes/sigchanyzer"
	"golang.org/x/tools/go/analysis/passes/slog"
	"golang.org/x/tools/go/analysis/passes/stdmethods"
	"golang.org/x/tools/go/analysis/passes/stdversion"
	"golang.org/x/tools/go/analysis/passes/stringintconv"
	"golang.org/x/tools/go/analysis/passes/structtag"
	"golang.org/x/tools/go/analysis/passes/testinggoroutine"
	"golang.org/x/tools/go/analysis/passes/tests"
	"golang.org/x/tools/go/analysis/passes/timeformat"
	"golang.org/x/tools/go/analysis/passes/unmarshal"
	"golang.org/x/tools/go/analysis/passes/unreachable"
	"golang.org/x/tools/go/analysis/passes/unsafeptr"
	"golang.org/x/tools/go/analysis/passes/unusedresult"
	"golang.org/x/tools/go/analysis/passes/waitgroup"
)

// vetSuite is the analyzer suite of cmd/vet (GOROOT/src/cmd/vet/main.go),
// which the round trips run on the fixed fixture modules in place of
// go vet ./... (see analyzeFixed).
func vetSuite() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		appends.Analyzer, asmdecl.Analyzer, assign.Analyzer, atomic.Analyzer,
		bools.Analyzer, buildtag.Analyzer, cgocall.Analyzer, composite.Analyzer,
		copylock.Analyzer, defers.Analyzer, directive.Analyzer, errorsas.Analyzer,
		framepointer.Analyzer, httpresponse.Analyzer, hostport.Analyzer, ifaceassert.Analyzer,
		loopclosure.Analyzer, lostcancel.Analyzer, nilfunc.Analyzer, printf.Analyzer,
		shift.Analyzer, sigchanyzer.Analyzer, slog.Analyzer, stdmethods.Analyzer,
		stdversion.Analyzer, stringintconv.Analyzer, structtag.Analyzer, tests.Analyzer,
		testinggoroutine.Analyzer, timeformat.Analyzer, unmarshal.Analyzer, unreachable.Analyzer,
		unsafeptr.Analyzer, unusedresult.Analyzer, waitgroup.Analyzer,
	}
}

// TestVetSuite_matchesGoVet checks vetSuite against the analyzers the
// installed go vet registers, so that a Go release that adds one to vet
// adds it to the round trips too.
func TestVetSuite_matchesGoVet(t *testing.T) {
	out, err := exec.Command("go", "tool", "vet", "help").CombinedOutput()
	if err != nil {
		t.Fatalf("go tool vet help: %v\n%s", err, out)
	}
	_, list, ok := strings.Cut(string(out), "Registered analyzers:")
	if !ok {
		t.Fatalf("go tool vet help lists no analyzers:\n%s", out)
	}
	var vet, ours []string
	for _, line := range strings.Split(strings.TrimLeft(list, "\n"), "\n") {
		name, ok := strings.CutPrefix(line, "    ")
		if !ok {
			break // the list ends at the first line not indented
		}
		vet = append(vet, strings.Fields(name)[0])
	}
	for _, a := range vetSuite() {
		ours = append(ours, a.Name)
	}
	slices.Sort(vet)
	slices.Sort(ours)
	if !slices.Equal(ours, vet) {
		t.Errorf("vetSuite = %v\ngo vet registers %v", ours, vet)
	}
}
