// Command leasevet reports misuse of Redis distributed locks in Go code:
// acquires without an atomic TTL, check-then-delete releases, unconditional
// deletes and renewals, lock values that cannot tell acquisitions apart and
// ignored "not the owner" answers.
//
// One binary serves every way of running it:
//
//	go vet -vettool=$(which leasevet) ./...        # as a go vet tool
//	go fix -fixtool=$(which leasevet) ./...        # apply the suggested fixes
//	leasevet [-fix [-diff]] [-json|-sarif] [-c N] [-test=false] ./...
//
// Standalone, it runs go vet with itself as the vet tool, one process per
// package (so memory is bounded by the largest package, and go vet's cache
// answers a rerun), and prints file:line:col: message [category] on
// stderr, with paths relative to the current directory; it exits 0 when
// clean, 1 on an error (a package that does not load or type-check, those
// it keeps from being analysed, an analyzer that failed), whatever else it
// found, 2 on a bad command line and 3 when it reported something (-json,
// -sarif and -fix exit 0 unless there was an error).
// -fix applies the first suggested fix of each diagnostic; with -diff it
// prints a unified diff instead. -sarif prints a SARIF 2.1.0 log with one
// rule per diagnostic category.
//
// -NAME runs only the analyzers so named, -NAME=false all but those, and
// -NAME.FLAG sets an analyzer flag, as with go vet.
//
// "leasevet gopls -o FILE" builds a gopls with leasevet's analyzers
// inside, for editors; see docs/editors.md.
//
// "leasevet help" lists the analyzers; "leasevet help NAME" shows one
// analyzer's documentation and flags.
package main
