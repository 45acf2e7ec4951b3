package variant

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"
)

// CopyModule copies the module rooted at src into dst (which must not
// exist): its files, without nested modules, version control
// directories or files the skip function names. The local replace
// directives of its go.mod (../../safelock) are made absolute, so that
// the copy builds where it lands as the module built where it was.
func CopyModule(src, dst string, skip func(rel string) bool) error {
	src, err := filepath.Abs(src)
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if rel != "." && skipped(p, rel, d, skip) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		case d.Type().IsRegular():
			return copyFile(p, target)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	return absoluteReplaces(src, filepath.Join(dst, "go.mod"))
}

// skipped reports whether the walk leaves out p: a version control or
// hidden directory, a nested module, or what skip names.
func skipped(p, rel string, d fs.DirEntry, skip func(string) bool) bool {
	if skip != nil && skip(filepath.ToSlash(rel)) {
		return true
	}
	if !d.IsDir() {
		return false
	}
	if strings.HasPrefix(d.Name(), ".") {
		return true
	}
	_, err := os.Stat(filepath.Join(p, "go.mod"))
	return err == nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// absoluteReplaces rewrites the replace directives of the go.mod at name
// whose target is a directory relative to srcDir into absolute ones.
func absoluteReplaces(srcDir, name string) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return fmt.Errorf("reading the copy's go.mod: %w", err)
	}
	f, err := modfile.Parse(name, data, nil)
	if err != nil {
		return fmt.Errorf("reading the copy's go.mod: %w", err)
	}
	changed := false
	for _, r := range f.Replace {
		if r.New.Version != "" || filepath.IsAbs(r.New.Path) || !modfile.IsDirectoryPath(r.New.Path) {
			continue
		}
		abs := filepath.Join(srcDir, filepath.FromSlash(r.New.Path))
		if err := f.AddReplace(r.Old.Path, r.Old.Version, abs, ""); err != nil {
			return fmt.Errorf("rewriting a replace of the copy's go.mod: %w", err)
		}
		changed = true
	}
	if !changed {
		return nil
	}
	out, err := f.Format()
	if err != nil {
		return fmt.Errorf("writing the copy's go.mod: %w", err)
	}
	return os.WriteFile(name, out, 0o644)
}
