// Package workspace holds a Go module loaded with types, editable copies
// of its syntax trees that remember which original node each of their
// nodes is, and the printing that writes an edited copy of the module and
// tells where every original node went.
//
// A rewrite reads the Module (typed, never changed) and changes an Edit:
// Edit.Node gives the editable copy of an original node, and the copy is
// a fresh parse of the same file, so the original trees and their type
// information stay valid for every later rewrite. Edit.Check type-checks
// the packages an edit touched, in memory, against the types the module
// was loaded with; Edit.Output prints the edited files with gofmt's
// formatting, parses them again and matches the new trees against the
// edited ones node by node, which is how a finding reported on the output
// is traced back to the original node it stands for.
//
// It must not know what a refactoring or a finding is: only files,
// nodes, packages and types.
package workspace
