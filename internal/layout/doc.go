// Package layout holds the test that keeps the repository readable at a
// glance: no package over maxPackageLines non-test lines and no function
// over maxFuncLines lines, in every module of the repository (fixture
// modules under testdata excepted: they imitate other people's code).
//
// The limits exist so that a newcomer can hold a package in their head
// and a function on one screen; a package that outgrows them is two
// concerns and splits along the seam between them.
package layout
