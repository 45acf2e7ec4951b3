package lockmodel

import (
	"golang.org/x/tools/go/analysis"

	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

// reachesRedis is the package fact of a package that can issue Redis
// commands: it imports a recognised client or lock library, or a package
// that has this fact.
//
// The gate is a fact rather than a walk of types.Package.Imports because
// under go vet the imported packages come from export data, whose
// Imports lists only the packages that the exported API mentions: a
// wrapper that keeps its client private would hide go-redis from its
// importers, and vet would find nothing where the standalone checker
// (which type-checks every package from source) reports bugs.
type reachesRedis struct{}

func (*reachesRedis) AFact()         {}
func (*reachesRedis) String() string { return "reaches redis" }

// gate reports whether pass's package reaches a Redis client and, if it
// does, exports reachesRedis for its importers. Only direct imports are
// looked at (the package's own Imports lists them all, even under go vet);
// what lies beyond them is summarised by their facts. Packages that reach
// no client cannot issue a Redis command, and the analyzers return before
// walking any function there: under go vet that is every package of the
// closure but a few, the standard library included, so the gate does no
// more than a map lookup per import. Client packages and lock libraries
// themselves are not analysed: their commands are the implementation
// leasevet trusts (a lock library's forced takeover is a bare SET PX by
// design), and their users are judged at the library's calls.
func gate(pass *analysis.Pass) bool {
	if rediscall.IsClientPackage(pass.Pkg.Path()) || rediscall.IsLockLibrary(pass.Pkg.Path()) {
		return false
	}
	var fact reachesRedis
	for _, imp := range pass.Pkg.Imports() {
		path := imp.Path()
		if rediscall.IsClientPackage(path) || rediscall.IsLockLibrary(path) || pass.ImportPackageFact(imp, &fact) {
			pass.ExportPackageFact(&reachesRedis{})
			return true
		}
	}
	return false
}
