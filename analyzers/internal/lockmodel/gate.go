package lockmodel

import (
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/redisapi"
)

// reachesClient reports whether pkg imports, directly or transitively, a
// recognised Redis client or lock library. Packages that do not cannot issue
// a Redis command (a wrapper that does is itself such a package, so its
// importers reach the client through it), and the analyzers return before
// walking any function. Client packages themselves are not analysed.
func reachesClient(pkg *types.Package) bool {
	if redisapi.IsClientPackage(pkg.Path()) {
		return false
	}
	seen := map[*types.Package]bool{}
	var reaches func(p *types.Package) bool
	reaches = func(p *types.Package) bool {
		for _, imp := range p.Imports() {
			if seen[imp] {
				continue
			}
			seen[imp] = true
			if redisapi.IsClientPackage(imp.Path()) || redisapi.IsLockLibrary(imp.Path()) || reaches(imp) {
				return true
			}
		}
		return false
	}
	return reaches(pkg)
}
