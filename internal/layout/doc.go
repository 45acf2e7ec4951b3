// Package layout holds the test that keeps the repository readable at a
// glance: no function over maxFuncLines lines, in every module of the
// repository (fixture modules under testdata excepted: they imitate other
// people's code), so that a function fits on one screen.
package layout
