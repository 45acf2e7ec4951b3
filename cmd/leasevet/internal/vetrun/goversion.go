package vetrun

import (
	"bytes"
	"context"
	"fmt"
	"go/version"
	"os/exec"
	"runtime"
	"strings"
)

// checkGoVersion fails when the go command that would run the vet tool is
// of another Go release than the one the tool was built with: go vet then
// fails every package (a Go 1.26 tool finds no types for the standard
// library of Go 1.27's go vet), and one clear line beats a thousand.
func checkGoVersion(ctx context.Context, cfg Config) error {
	cmd := exec.CommandContext(ctx, cfg.goCommand(), "env", "GOVERSION")
	cmd.Dir = cfg.Dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("go env GOVERSION: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	goVersion, built := strings.TrimSpace(string(out)), runtime.Version()
	if !version.IsValid(goVersion) || !version.IsValid(built) || version.Lang(goVersion) == version.Lang(built) {
		return nil
	}
	return fmt.Errorf("this leasevet was built with %s but the go command here is %s: "+
		"a vet tool must be built by the Go release that runs it; reinstall leasevet with this go (go install)", built, goVersion)
}
