// Package report writes the findings of a run in the forms the standalone
// command offers: text lines as go vet prints them (with the category at
// the end and optional context lines), go vet -json's JSON, and a SARIF
// 2.1.0 log with one rule per check of the analyzers that ran, described
// by its page in docs/checks (built on package sarif, which models the
// format).
//
// It must not know the command line, how packages are loaded or fixed, or
// what exit code a run ends with: the driver chooses the form and decides
// what the outcome means.
package report
