package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// newRepo makes a git repository with a root module example.com/r (with a
// LICENSE) and a nested module example.com/r/sub (without one), commits
// it, and changes into it; files are name → content.
func newRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"init", "-q"}, {"add", "-A"},
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "init"},
	} {
		if _, err := gitOutput(dir, args...); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	return dir
}

var twoModules = map[string]string{
	"go.mod":     "module example.com/r\n\ngo 1.21\n",
	"LICENSE":    "the license\n",
	"r.go":       "package r\n",
	"sub/go.mod": "module example.com/r/sub\n\ngo 1.21\n",
	"sub/sub.go": "package sub\n",
}

// download runs go mod download -json of mod from the proxy at dir alone,
// into an empty module cache, and returns the module's extracted directory.
func download(t *testing.T, proxy, mod string) string {
	t.Helper()
	cmd := exec.Command("go", "mod", "download", "-json", mod)
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "GOPROXY=file://"+filepath.ToSlash(proxy), "GONOSUMDB=example.com",
		"GOMODCACHE="+filepath.Join(t.TempDir(), "mod"), "GOFLAGS=-modcacherw", "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); err != nil || jerr != nil || info.Error != "" {
		t.Fatalf("go mod download %s: %v %s %s", mod, err, info.Error, stderr.String())
	}
	return info.Dir
}

func TestRun_publishesNestedModules(t *testing.T) {
	newRepo(t, twoModules)
	proxy := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-o", proxy, "-version", "v0.3.0-rc.1", ".", "sub"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	root := download(t, proxy, "example.com/r@v0.3.0-rc.1")
	if _, err := os.Stat(filepath.Join(root, "r.go")); err != nil {
		t.Errorf("root module lacks r.go: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "sub")); err == nil {
		t.Errorf("root module holds the nested module sub/")
	}
	sub := download(t, proxy, "example.com/r/sub@v0.3.0-rc.1")
	license, err := os.ReadFile(filepath.Join(sub, "LICENSE"))
	if err != nil || string(license) != twoModules["LICENSE"] {
		t.Errorf("nested module's LICENSE = %q, %v; want the repository's", license, err)
	}
	if !strings.Contains(stdout.String(), "published example.com/r/sub@v0.3.0-rc.1") {
		t.Errorf("output %q does not name the nested module", stdout.String())
	}
}

func TestRun_noLicense(t *testing.T) {
	files := map[string]string{"go.mod": twoModules["go.mod"], "r.go": twoModules["r.go"]}
	newRepo(t, files)
	var stderr bytes.Buffer
	if code := run([]string{"-o", t.TempDir(), "-version", "v0.1.0", "."}, new(bytes.Buffer), &stderr); code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "no LICENSE") {
		t.Errorf("error %q does not say the LICENSE is missing", stderr.String())
	}
}

func TestRun_badVersion(t *testing.T) {
	newRepo(t, twoModules)
	for _, v := range []string{"0.1.0", "v1.2", "v0.1.0+build"} {
		var stderr bytes.Buffer
		if code := run([]string{"-o", t.TempDir(), "-version", v, "."}, new(bytes.Buffer), &stderr); code != 1 {
			t.Errorf("version %q: exit %d, want 1", v, code)
		}
		if !strings.Contains(stderr.String(), "canonical") {
			t.Errorf("version %q: error %q does not explain", v, stderr.String())
		}
	}
}
