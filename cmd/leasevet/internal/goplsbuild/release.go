package goplsbuild

import (
	"bytes"
	"fmt"
	"go/version"
	"os/exec"
	"strings"
)

// A release pairs a Go release with the gopls release built for it.
type release struct {
	Go    string // a Go language version, "go1.27"
	Gopls string // the newest gopls release whose go.mod accepts that Go and that leasevet is tested with
}

// releases is newest first. A gopls release needs the Go of its go.mod's
// go line (v0.24.0 says go 1.27.0, v0.23.0 go 1.26.0), and a gopls built
// by an older Go cannot type-check code written for a newer one, so the
// gopls to build is the one made for the Go that builds it. leasevet's
// own go.mod needs Go 1.26, the oldest row. CI builds each row
// (.ci/editor-e2e.sh under each Go release it tests).
var releases = []release{
	{Go: "go1.27", Gopls: "v0.24.0"},
	{Go: "go1.26", Gopls: "v0.23.0"},
}

// goplsFor returns the gopls release to build with the Go release
// goVersion ("go1.27.4"), and a note when that Go is newer than every
// release leasevet knows (it then builds the newest it knows). A Go older
// than the oldest row is an error: leasevet itself needs that Go.
func goplsFor(goVersion string) (gopls, note string, err error) {
	lang := version.Lang(goVersion)
	if lang == "" {
		return "", "", fmt.Errorf("cannot read the Go version %q", goVersion)
	}
	for _, r := range releases {
		if version.Compare(lang, r.Go) == 0 {
			return r.Gopls, "", nil
		}
	}
	newest, oldest := releases[0], releases[len(releases)-1]
	if version.Compare(lang, newest.Go) > 0 {
		return newest.Gopls, fmt.Sprintf("%s is newer than the Go releases this leasevet knows a gopls for; building gopls %s (made for %s), pass -version to choose another",
			goVersion, newest.Gopls, newest.Go), nil
	}
	return "", "", fmt.Errorf("%s is older than %s, the oldest Go leasevet builds with", goVersion, oldest.Go)
}

// goVersion returns the version of the Go toolchain the go command gocmd
// runs in this environment (GOTOOLCHAIN included), e.g. "go1.27.4".
func goVersion(gocmd string, env []string) (string, error) {
	cmd := exec.Command(gocmd, "env", "GOVERSION")
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go env GOVERSION: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(stdout.String()), nil
}

// releaseList writes the releases for a flag's usage: "v0.23.0 for
// go1.26, v0.24.0 for go1.27".
func releaseList() string {
	parts := make([]string, 0, len(releases))
	for i := len(releases) - 1; i >= 0; i-- {
		parts = append(parts, releases[i].Gopls+" for "+releases[i].Go)
	}
	return strings.Join(parts, ", ")
}
