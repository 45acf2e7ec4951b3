// Package goplsbuild builds a gopls binary with leasevet's analyzers
// inside ("leasevet gopls -o FILE").
//
// gopls cannot load third-party analyzers (golang/go#59869): its analyzer
// list is compiled in, in initAnalyzers of internal/settings/analysis.go.
// The build therefore takes gopls's source from the module proxy, appends
// leasevet's analyzers to that list with the smallest edit that works, and
// builds it with leasevet's module replaced by its source directory. Those
// analyzers then run in the editor like gopls's own: their diagnostics
// carry the category as code and the related locations, and their
// suggested fixes are offered as quick fixes.
//
// gopls compiles against the x/tools internals of its own pin, so the
// build pins golang.org/x/tools to gopls's version with a replace; MVS
// would otherwise pick leasevet's newer x/tools and gopls would not
// compile. leasevet's analyzers only use the stable analysis API, so they
// compile against either.
package goplsbuild
