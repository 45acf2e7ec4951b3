// Package driver is the standalone mode of the leasevet command: it parses
// the command line, loads packages with go/packages, runs the analyzers with
// the public go/analysis/checker API and prints the findings as text, JSON
// or SARIF, or applies their fixes.
//
// The go vet / go fix protocol (-V=full, -flags, a single *.cfg argument) is
// not handled here but by unitchecker; [IsVetProtocol] tells the two apart.
package driver
