package workspace

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"sort"
	"strconv"
	"strings"
)

// declFile is a Go file of package-level declarations that changes add
// to, each declaration once: the file a rewrite moves constants,
// variables and types into.
type declFile struct {
	rel     string
	pkg     string
	imports map[string]string // path → name ("" for the package's own name)
	decls   []declared
	stands  map[string][]ast.Node // "Type.Method" of a declared method → the original nodes its calls stand for
}

type declared struct {
	key    string
	src    string
	change int
}

// Declare adds the declarations src (Go source, one or more top-level
// declarations) to the file name in the directory dir (relative, with
// slashes) of package pkg, unless a declaration with the same key was
// added before; imports are the import paths src needs, each with the
// name src refers to it by ("" for the package's own name). It returns
// whether src was added.
func (e *Edit) Declare(dir, name, pkg, key, src string, imports map[string]string) (bool, error) {
	rel := path.Join(dir, name)
	var df *declFile
	for _, d := range e.declFiles {
		if d.rel == rel {
			df = d
		}
	}
	if df == nil {
		if e.m.Exists(rel) {
			return false, fmt.Errorf("workspace: %s exists", rel)
		}
		df = &declFile{rel: rel, pkg: pkg, imports: map[string]string{}}
		e.declFiles = append(e.declFiles, df)
	}
	if df.pkg != pkg {
		return false, fmt.Errorf("workspace: %s is of package %s, not %s", rel, df.pkg, pkg)
	}
	for _, d := range df.decls {
		if d.key == key {
			return false, nil
		}
	}
	for p, n := range imports {
		if old, ok := df.imports[p]; ok && old != n {
			return false, fmt.Errorf("workspace: %s imports %s as %q and %q", rel, p, old, n)
		}
		df.imports[p] = n
	}
	df.decls = append(df.decls, declared{key: key, src: src, change: e.change})
	return true, nil
}

// source returns the text of the file: its package clause, imports and
// declarations in the order they were added, and the change that added
// each of its top-level declarations, in order.
func (df *declFile) source() ([]byte, []int, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "package %s\n\n", df.pkg)
	var paths []string
	for p := range df.imports {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	if len(paths) > 0 {
		b.WriteString("import (\n")
		for _, p := range paths {
			name := df.imports[p]
			if name == p[strings.LastIndexByte(p, '/')+1:] {
				name = ""
			}
			fmt.Fprintf(&b, "\t%s %s\n", name, strconv.Quote(p))
		}
		b.WriteString(")\n")
	}
	var owners []int
	for _, d := range df.decls {
		f, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+d.src, parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, fmt.Errorf("workspace: a declaration for %s does not parse: %w\n%s", df.rel, err, d.src)
		}
		for range f.Decls {
			owners = append(owners, d.change)
		}
		fmt.Fprintf(&b, "\n%s\n", d.src)
	}
	return b.Bytes(), owners, nil
}

// AliasDeclared records that the calls in the method Type.Method declared
// in the file rel by Declare stand for the original nodes orig, as Alias
// does for a node of a tree: a forwarding method of an implementation
// stands for the calls of the method it forwards to.
func (e *Edit) AliasDeclared(rel, method string, orig ...ast.Node) {
	for _, df := range e.declFiles {
		if df.rel == rel {
			if df.stands == nil {
				df.stands = map[string][]ast.Node{}
			}
			df.stands[method] = append(df.stands[method], orig...)
		}
	}
}
