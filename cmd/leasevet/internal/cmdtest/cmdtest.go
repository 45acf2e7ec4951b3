// Package cmdtest runs a command for a test, as the tests of leasevet's
// drivers do with the test binary standing in for leasevet (standalone,
// or as go vet's tool), and returns its exit code and output.
package cmdtest

import (
	"bytes"
	"errors"
	"os/exec"
	"testing"
)

// A Result is the outcome of one run.
type Result struct {
	Code           int
	Stdout, Stderr string
}

// Run runs cmd, which must start; a non-zero exit is a result, not a
// failure.
func Run(t testing.TB, cmd *exec.Cmd) Result {
	t.Helper()
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("running %v: %v", cmd.Args, err)
	}
	return Result{code, out.String(), errb.String()}
}
