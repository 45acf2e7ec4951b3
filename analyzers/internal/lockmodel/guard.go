package lockmodel

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// guard runs f, the run of analyzer name on pass's package, turning a
// panic into the error of that package's analysis: the driver names the
// package and goes on with the others, where a panic would end the run
// with a goroutine dump. The error says where leasevet's code panicked.
func guard(name string, pass *analysis.Pass, f func() (any, error)) (res any, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("leasevet internal error: %s panicked on package %s: %v%s; please report it with the code of that package", name, pass.Pkg.Path(), r, panicSite())
		}
	}()
	return f()
}

// panicSite returns " at FUNC (FILE:LINE)", the innermost frame of
// leasevet's own code in the panicking goroutine's stack, or "".
func panicSite() string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "github.com/leasevet/") && !strings.Contains(f.Function, "lockmodel.guard") {
			return fmt.Sprintf(" at %s (%s:%d)", f.Function, filepath.Base(f.File), f.Line)
		}
		if !more {
			return ""
		}
	}
}
