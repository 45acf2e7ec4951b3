// Package rewrite holds what the refactorings of the metamorphic test
// share: the Kind and Place they return, the table of Redis client and
// lock library packages whose calls are commands, and the judgements that
// keep a rewrite from changing what the program does (whether an
// expression can be evaluated one statement earlier, which variables a
// statement reads and whether anything else can change them, how to name
// a type in a file, which names are free in a package).
//
// Each kind lives in a package of its own under this one and answers only
// "where does it apply, and how is it applied"; the driver runs them.
//
// It must not know how a kind changes code, nor what leasevet reports.
package rewrite
