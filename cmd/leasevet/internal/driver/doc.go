// Package driver is the standalone mode of the leasevet command: it parses
// the command line, has package vetrun analyse the packages (it runs go
// vet with the leasevet binary as the vet tool, for bounded memory and go
// vet's cache), and hands what they found (package findings) to package
// report, which prints it as text, JSON or SARIF, or to package fixapply,
// which applies the fixes; it owns the exit codes.
//
// The go vet / go fix protocol (-V=full, -flags, a single *.cfg argument) is
// not handled here but by package vetunit; [IsVetProtocol] tells the two
// apart.
//
// It must not know what the analyzers look for, nor how a finding is
// printed or a fix applied: those are the analyzers', report's and
// fixapply's.
package driver
