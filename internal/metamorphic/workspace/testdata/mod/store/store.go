// Package store is a package with a test, whose test binary's main
// package the go command generates in its build cache.
package store

func Key(name string) string { return "lock:" + name }
