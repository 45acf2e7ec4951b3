package editortest

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// repoRoot is leasevet's module root, four levels up from this package.
func repoRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", "..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// fixtureCopy copies testdata/editor to a temporary directory, pointing its
// replace of safelock (which the quick fixes import) at the checkout again.
func fixtureCopy(t *testing.T) string {
	t.Helper()
	root := repoRoot(t)
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(root, "testdata", "editor"))); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "mod", "edit", "-replace=github.com/leasevet/leasevet/safelock="+filepath.Join(root, "safelock"))
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod edit: %v\n%s", err, out)
	}
	return dir
}

func readFile(t testing.TB, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func fileURI(name string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(name)}).String()
}
