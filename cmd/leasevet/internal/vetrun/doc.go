// Package vetrun is how standalone leasevet analyses packages: it runs
// go vet with the leasevet binary itself as the vet tool and reads back
// what each package's unit printed, turning it into the findings the
// output formats and the fix application work on (package findings).
//
// Why go vet, and not go/packages with the checker in one process: go vet
// analyses one package per process, reading its dependencies' types and
// facts from the files their own units wrote, so the memory a run needs is
// that of the largest package and its facts, not that of the whole import
// graph held from source at once (several GB on large applications). And
// the go command caches every unit's result under keys it already
// computes: the vet tool's identity (its -V=full output, a hash of the
// executable), the flags passed to it, the package's compile action ID
// (its sources, build flags and dependencies' export data) and its
// dependencies' vet results. Since Go 1.26, go vet runs the tool with
// -json even for its text output and caches the tool's stdout, findings
// included, next to the facts (cmd/go's (*Builder).vet, checked in Go
// 1.26.8), so a rerun with nothing changed replays every unit from the
// cache without starting the tool once. What is not cached, and costs a
// rerun something: the go list this package runs first, go vet's own
// package loading and cache lookups, and units that failed (a package
// that does not type-check is checked again each time).
//
// Reading the results from go vet's -json stream, rather than a side file
// each unit writes, is what makes the cache work for us: a unit replayed
// from the cache does not run, so only what it printed comes back. The
// units print go vet's JSON unchanged; their messages carry the category
// at the end, as under go vet (package labelled), which is stripped here,
// so that standalone leasevet and a user's go vet -vettool=leasevet with
// the same flags share their cache entries.
//
// go vet stops before analysing anything when one package of the graph
// does not load (a missing module, a bad import), and it skips in silence
// every package above a dependency that does not compile. So the run lists
// the packages first (go list -e), leaves out the roots that cannot load,
// naming them and their errors, vets the rest, and names once each root
// whose unit did not run because a dependency failed.
//
// It must not know what the analyzers look for, nor how findings are
// printed or fixed.
package vetrun
