package vetunit

import (
	"flag"
	"os"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/leasevet/leasevet/cmd/leasevet/labelled"
)

// TestFlag is the vet tool flag that, set to false, leaves test files out.
const TestFlag = "test"

// CacheKeyFlag is the vet tool flag whose value the analysis ignores: it
// is part of go vet's cache key, which is all it is for (vetrun).
const CacheKeyFlag = "cachekey"

// Main runs the vet protocol on the command line in os.Args with the
// analyzers as, and exits.
func Main(as []*analysis.Analyzer) {
	args := os.Args[1:]
	// The flag is parsed by unitchecker along with the others, which
	// makes go vet accept it and pass it on; its value is acted on here,
	// before unitchecker reads the .cfg file.
	flag.Bool(TestFlag, true, "also analyze test files; false analyzes each package without its _test.go files")
	flag.String(CacheKeyFlag, "", "ignored by the analysis: a value that only changes go vet's cache key")
	if !testsWanted(args) && len(args) > 0 {
		cfg, skip, err := withoutTests(args[len(args)-1])
		if err != nil {
			fatal(err)
		}
		if skip {
			os.Exit(0)
		}
		os.Args[len(os.Args)-1] = cfg
	}
	unitchecker.Main(labelled.Analyzers(withPrerequisiteErrors(as))...)
}

// fatal reports err as unitchecker reports its own errors and exits.
func fatal(err error) {
	os.Stderr.WriteString("leasevet: " + err.Error() + "\n")
	os.Exit(1)
}
