// Package layout holds the tests that keep the repository readable at a
// glance: no function over maxFuncLines lines, in every module of the
// repository (fixture modules under testdata excepted: they imitate other
// people's code), so that a function fits on one screen; and the import
// rules of the analyzers' layers (importRules), each written from what a
// package's documentation says it must not know: recognition knows no
// rule, a rule knows no other rule, drivers know no client.
package layout
