// Package sources names what a traced value is made of: the kinds of
// source (a constant, a per-process identity, a clock reading, a value
// unique per acquisition), the parts of a value with where each comes
// from, and how the parts combine into the value's kind. Its tables say,
// row by row with the reason, which library functions produce a source of
// each kind, which carry their arguments into their result, and which
// fill a buffer.
//
// It must not know how a value is traced (SSA, syntax, facts) or which
// analyzer asks: that is package provenance's and its callers'.
package sources
