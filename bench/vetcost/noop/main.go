// Command noop is a vet tool whose only analyzer does nothing. It is the
// baseline of the vetcost benchmark: every package in the import closure is
// still parsed and type-checked by unitchecker, so the difference between
// leasevet and noop is the cost of leasevet's own analysis.
//
// Its flag -noop.salt is ignored; the benchmark gives it a new value on each
// run so that go vet's result cache never answers for it.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
)

func main() {
	unitchecker.Main(newAnalyzer())
}

func newAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name: "noop",
		Doc:  "noop does nothing; it is the baseline of bench/vetcost",
		Run:  func(*analysis.Pass) (any, error) { return nil, nil },
	}
	// The value only has to reach vet's cache key; nothing reads it.
	a.Flags.String("salt", "", "ignored; changes the vet cache key")
	return a
}
