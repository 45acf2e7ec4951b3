package goplsbuild

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"

	"golang.org/x/mod/modfile"
)

// resolveLeasevetSrc finds the leasevet module to build gopls with, in
// this order: the -leasevet-src flag; the directory this binary was
// compiled from (recorded in its file paths unless built with -trimpath);
// the module cache copy of the binary's module version (go install
// ...@version); the leasevet checkout enclosing the working directory.
func (b *builder) resolveLeasevetSrc() error {
	if b.LeasevetSrc != "" {
		return b.useSrc(b.LeasevetSrc, "-leasevet-src")
	}
	if dir, ok := compiledSourceDir(); ok {
		return b.useSrc(dir, "the binary's source directory")
	}
	if v := binaryModuleVersion(); v != "" {
		dir, err := b.download(ModulePath, v)
		if err == nil {
			return b.useSrc(dir, "module "+ModulePath+"@"+v)
		}
		fmt.Fprintf(b.Log, "leasevet gopls: %v; trying the working directory\n", err)
	}
	if wd, err := os.Getwd(); err == nil {
		if dir, ok := enclosingModule(wd); ok {
			return b.useSrc(dir, "the working directory")
		}
	}
	return fmt.Errorf("cannot find leasevet's source: pass -leasevet-src DIR (the directory of leasevet's go.mod)")
}

func (b *builder) useSrc(dir, how string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return fmt.Errorf("leasevet source: %w", err)
	}
	if !isLeasevetModule(abs) {
		return fmt.Errorf("%s (from %s) is not the root of module %s", abs, how, ModulePath)
	}
	b.LeasevetSrc = abs
	b.progress("leasevet source: %s (from %s)", abs, how)
	return nil
}

// compiledSourceDir finds the module root from this file's compile-time
// path, which exists when the binary runs where it was built.
func compiledSourceDir() (string, bool) {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return "", false
	}
	return enclosingModule(filepath.Dir(file))
}

// binaryModuleVersion is the version of leasevet this binary was built
// from, or "" for a development build.
func binaryModuleVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Path != ModulePath || bi.Main.Version == "" || bi.Main.Version == "(devel)" {
		return ""
	}
	return bi.Main.Version
}

// enclosingModule walks up from dir to the root of leasevet's module.
func enclosingModule(dir string) (string, bool) {
	for {
		if isLeasevetModule(dir) {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// isLeasevetModule reports whether dir holds leasevet's go.mod.
func isLeasevetModule(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	return modfile.ModulePath(data) == ModulePath
}
