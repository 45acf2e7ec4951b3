// Package workspace holds a Go module loaded with types, and editable
// copies of its syntax trees that remember which original node each of
// their nodes is.
//
// A rewrite reads the Module (typed, never changed) and changes an Edit:
// Edit.Node gives the editable copy of an original node, and the copy is
// a fresh parse of the same file, so the original trees and their type
// information stay valid for every later rewrite. Package typecheck
// checks an edit in memory, package output prints it.
//
// It must not know what a refactoring or a finding is: only files,
// nodes, packages and types.
package workspace
