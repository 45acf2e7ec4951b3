package goplsbuild

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMain_usage(t *testing.T) {
	var b strings.Builder
	if code := Main(nil, &b); code != 2 || !strings.Contains(b.String(), "-o FILE") {
		t.Errorf("no -o: exit %d, %q", code, b.String())
	}
	b.Reset()
	if code := Main([]string{"-o", "x", "-nosuch"}, &b); code != 2 || !strings.Contains(b.String(), "nosuch") {
		t.Errorf("bad flag: exit %d, %q", code, b.String())
	}
}

func TestClearWorkDir_onlyEmptyOrGoplsCopy(t *testing.T) {
	empty := t.TempDir()
	if err := clearWorkDir(empty); err != nil {
		t.Errorf("empty dir: %v", err)
	}
	if err := clearWorkDir(filepath.Join(empty, "missing")); err != nil {
		t.Errorf("missing dir: %v", err)
	}
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "notes.txt"), []byte("keep me"), 0o644)
	if err := clearWorkDir(other); err == nil {
		t.Error("a directory of other files was accepted for deletion")
	}
	if _, err := os.Stat(filepath.Join(other, "notes.txt")); err != nil {
		t.Errorf("the other files were deleted: %v", err)
	}
	old := t.TempDir()
	os.WriteFile(filepath.Join(old, "go.mod"), []byte("module "+goplsModule+"\n"), 0o644)
	if err := clearWorkDir(old); err != nil {
		t.Errorf("an earlier gopls copy: %v", err)
	}
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Error("the earlier gopls copy was not removed")
	}
}
