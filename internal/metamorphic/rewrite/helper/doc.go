// Package helper holds the refactorings that move a command into a new
// function: the statement that issues it, into a helper of the same
// package (ExtractHelper) or of another package of the module
// (MoveHelper), and a reply's error, into a new method that returns it
// (ErrMethod). leasevet must report the command where it now is, once,
// and nothing at the helper's callers that it did not report before.
package helper
