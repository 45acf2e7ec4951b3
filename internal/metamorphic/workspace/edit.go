package workspace

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"sort"

	"golang.org/x/tools/go/ast/astutil"
)

// Edit is a set of changes to a module: editable copies of some of its
// files and new files. The copies are fresh parses, so the Module stays
// as it was loaded.
type Edit struct {
	m         *Module
	Fset      *token.FileSet
	copies    map[*File]*ast.File
	origin    map[ast.Node]ast.Node // node of a copy → the original node it is
	copyOf    map[ast.Node]ast.Node // original node → its copy
	added     []*addedFile
	declFiles []*declFile
	owner     map[ast.Node]int   // node created by a change → the change's number
	alias     map[ast.Node]Stand // new node → the original nodes it stands for
	change    int                // the number of the change being made
}

// addedFile is a file an edit creates: Go source as a tree (Syntax) or as
// text (Src), or any other file (Src).
type addedFile struct {
	rel    string // relative to the module root, with slashes
	syntax *ast.File
	src    []byte
	change int // the change that added it
}

// NewEdit starts an empty edit of m.
func NewEdit(m *Module) *Edit {
	return &Edit{m: m, Fset: token.NewFileSet(), copies: map[*File]*ast.File{},
		origin: map[ast.Node]ast.Node{}, copyOf: map[ast.Node]ast.Node{},
		owner: map[ast.Node]int{}, alias: map[ast.Node]Stand{}}
}

// Module returns the module the edit changes.
func (e *Edit) Module() *Module { return e.m }

// Begin starts change number n: nodes created from now on are owned by
// it (Owner), until the next Begin.
func (e *Edit) Begin(n int) { e.change = n }

// Node returns the editable copy of the original node n, copying its file
// on first use. It panics if n is not a node of the module: that is a
// mistake in a rewrite, not in its input.
func (e *Edit) Node(n ast.Node) ast.Node {
	if c, ok := e.copyOf[n]; ok {
		return c
	}
	f := e.m.FileAt(n.Pos())
	if f == nil {
		panic(fmt.Sprintf("workspace: node %T at %v is not in the module", n, n.Pos()))
	}
	if err := e.copyFile(f); err != nil {
		panic(err)
	}
	c, ok := e.copyOf[n]
	if !ok {
		panic(fmt.Sprintf("workspace: node %T at %s has no copy", n, e.m.Fset.Position(n.Pos())))
	}
	return c
}

// File returns the editable copy of f.
func (e *Edit) File(f *File) *ast.File { return e.Node(f.Syntax).(*ast.File) }

// copyFile parses f again into the edit's file set and pairs the nodes of
// both trees.
func (e *Edit) copyFile(f *File) error {
	if _, ok := e.copies[f]; ok {
		return nil
	}
	c, err := parser.ParseFile(e.Fset, f.Name, f.Src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return fmt.Errorf("workspace: parsing %s again: %w", f.Rel, err)
	}
	a, b := Nodes(f.Syntax), Nodes(c)
	if err := SameShape(a, b); err != nil {
		return fmt.Errorf("workspace: %s: %w", f.Rel, err)
	}
	for i := range a {
		e.copyOf[a[i]] = b[i]
		e.origin[b[i]] = a[i]
	}
	e.copies[f] = c
	return nil
}

// Nodes lists the nodes of a tree in depth-first order, leaving out
// comments, which the printer may move.
func Nodes(root ast.Node) []ast.Node {
	var all []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		switch n.(type) {
		case nil:
			return false
		case *ast.Comment, *ast.CommentGroup:
			return false
		}
		all = append(all, n)
		return true
	})
	return all
}

// SameShape reports an error unless a and b are the nodes of two trees of
// the same shape, as Nodes lists them.
func SameShape(a, b []ast.Node) error {
	if len(a) != len(b) {
		return fmt.Errorf("%d nodes, want %d", len(b), len(a))
	}
	for i := range a {
		if fmt.Sprintf("%T", a[i]) != fmt.Sprintf("%T", b[i]) {
			return fmt.Errorf("node %d is %T, want %T", i, b[i], a[i])
		}
	}
	return nil
}

// Origin returns the original node that the copy c is, or nil for a node
// an edit created.
func (e *Edit) Origin(c ast.Node) ast.Node { return e.origin[c] }

// Stand is what a new node stands for: original nodes, for the findings
// of some categories or of all.
type Stand struct {
	Orig []ast.Node
	Only map[string]bool // the categories of the findings it stands for them in; nil for every category
}

// For reports whether the stand holds for a finding of category cat.
func (s Stand) For(cat string) bool { return s.Only == nil || s.Only[cat] }

// Alias records that the new node n stands for the original nodes orig:
// a finding reported at n counts as reported at one of them. A call of a
// helper in another package stands for the commands the helper issues,
// since a wrapper in another package is reported at each call of it.
func (e *Edit) Alias(n ast.Node, orig ...ast.Node) { e.AliasFor(n, nil, orig...) }

// AliasFor is Alias for findings of the given categories only (all of
// them when categories is nil). A call of a same-package helper stands
// for the commands it moved only for the findings the rules make at the
// call of a function that issues a command: those about the reply the
// helper returns and about the arguments its caller passes.
func (e *Edit) AliasFor(n ast.Node, categories []string, orig ...ast.Node) {
	s := e.alias[n]
	s.Orig = append(s.Orig, orig...)
	if categories != nil {
		s.Only = map[string]bool{}
		for _, c := range categories {
			s.Only[c] = true
		}
	}
	e.alias[n] = s
}

// AddGo adds a Go file at rel (slash-separated, relative to the module
// root) whose tree may hold nodes moved from the copies.
func (e *Edit) AddGo(rel string, f *ast.File) error { return e.add(&addedFile{rel: rel, syntax: f}) }

// GoFile returns the tree of the Go file at rel that the edit adds, in
// package pkg, creating an empty one on first use.
func (e *Edit) GoFile(rel, pkg string) (*ast.File, error) {
	for _, f := range e.added {
		if f.rel == rel {
			if f.syntax == nil {
				return nil, fmt.Errorf("workspace: %s was added as text", rel)
			}
			return f.syntax, nil
		}
	}
	f := &ast.File{Name: ast.NewIdent(pkg)}
	if err := e.AddGo(rel, f); err != nil {
		return nil, err
	}
	return f, nil
}

// AddSource adds a file at rel with the given contents: Go source that
// holds no moved node, or any other file (a .lua script).
func (e *Edit) AddSource(rel string, src []byte) error {
	return e.add(&addedFile{rel: rel, src: src})
}

func (e *Edit) add(f *addedFile) error {
	if f.rel != path.Clean(f.rel) || path.IsAbs(f.rel) {
		return fmt.Errorf("workspace: bad file name %q", f.rel)
	}
	for _, g := range e.added {
		if g.rel == f.rel {
			return fmt.Errorf("workspace: %s added twice", f.rel)
		}
	}
	if e.m.Exists(f.rel) {
		return fmt.Errorf("workspace: %s exists", f.rel)
	}
	f.change = e.change
	if f.syntax != nil {
		e.Own(f.syntax)
	}
	e.added = append(e.added, f)
	return nil
}

// EditedFile is a file the edit changed or added: a tree (a copy of a
// module file, or a new file's), or text (a new file, Go or not).
type EditedFile struct {
	Rel    string    // relative to the module root, with slashes
	Syntax *ast.File // the tree, or nil
	Src    []byte    // the text, when Syntax is nil
	// Owners are, for Go text, the changes that added its top-level
	// declarations in order; a single entry owns the whole file.
	Owners []int
	// Stands are, for Go text, the original nodes that the calls in a
	// method ("Type.Method") stand for (Edit.AliasDeclared).
	Stands map[string][]ast.Node
}

// EditedFiles returns the files the edit changed or added: the copies,
// then the added files, then the files of declarations.
func (e *Edit) EditedFiles() ([]EditedFile, error) {
	var files []EditedFile
	for _, f := range e.sortedCopies() {
		files = append(files, EditedFile{Rel: f.Rel, Syntax: e.copies[f]})
	}
	for _, a := range e.added {
		files = append(files, EditedFile{Rel: a.rel, Syntax: a.syntax, Src: a.src, Owners: []int{a.change}})
	}
	for _, df := range e.declFiles {
		src, owners, err := df.source()
		if err != nil {
			return nil, err
		}
		files = append(files, EditedFile{Rel: df.rel, Src: src, Owners: owners, Stands: df.stands})
	}
	return files, nil
}

// Owner returns the change that created the node n of the edit's trees.
func (e *Edit) Owner(n ast.Node) (int, bool) {
	c, ok := e.owner[n]
	return c, ok
}

// Aliases returns what the new node n stands for.
func (e *Edit) Aliases(n ast.Node) Stand { return e.alias[n] }

// DeleteImport deletes the import of path named name ("" for none) from
// the tree of the edited file rel.
func (e *Edit) DeleteImport(rel, name, path string) {
	for _, f := range e.sortedCopies() {
		if f.Rel == rel {
			astutil.DeleteNamedImport(e.Fset, e.copies[f], name, path)
		}
	}
	for _, a := range e.added {
		if a.rel == rel && a.syntax != nil {
			astutil.DeleteNamedImport(e.Fset, a.syntax, name, path)
		}
	}
}

// PathTo returns the path from the root of the copy (or added tree) that
// holds the copied or new node n down to n, or an error when n is in no
// tree of the edit (a change removed it).
func (e *Edit) PathTo(n ast.Node) ([]ast.Node, error) {
	for _, root := range e.roots() {
		if p := pathTo(root, n); p != nil {
			return p, nil
		}
	}
	return nil, errors.New("workspace: node is in no file of the edit")
}

// sortedCopies returns the module files the edit copied, by name.
func (e *Edit) sortedCopies() []*File {
	var files []*File
	for f := range e.copies {
		files = append(files, f)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	return files
}

// roots returns the trees of the edit: the copies, then the added files.
func (e *Edit) roots() []*ast.File {
	var roots []*ast.File
	for _, f := range e.sortedCopies() {
		roots = append(roots, e.copies[f])
	}
	for _, f := range e.added {
		if f.syntax != nil {
			roots = append(roots, f.syntax)
		}
	}
	return roots
}

// pathTo returns the path from root down to n, or nil.
func pathTo(root, n ast.Node) []ast.Node {
	var stack, found []ast.Node
	ast.Inspect(root, func(x ast.Node) bool {
		if found != nil {
			return false
		}
		if x == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, x)
		if x == n {
			found = append([]ast.Node(nil), stack...)
		}
		return true
	})
	return found
}

// Replace puts new where old is in the edit's trees. new is owned by the
// current change unless it is an original node's copy.
func (e *Edit) Replace(old, new ast.Node) error {
	p, err := e.PathTo(old)
	if err != nil || len(p) < 2 {
		return errors.New("workspace: replaced node not found")
	}
	replaced := false
	astutil.Apply(p[len(p)-2], func(c *astutil.Cursor) bool {
		if !replaced && c.Node() == old {
			c.Replace(new)
			replaced = true
			return false
		}
		return true
	}, nil)
	if !replaced {
		return errors.New("workspace: replaced node not found")
	}
	e.Own(new)
	e.Anchor(new, old.Pos())
	return nil
}

// Anchor gives the nodes of n that a change created and that have no
// position the position pos, next to the code they replace or precede.
// The printer estimates the position of a token without one from the
// text it has written so far; when the new text is longer than the old,
// the estimate runs past the comments that follow and prints them too
// early, inside the new code.
func (e *Edit) Anchor(n ast.Node, pos token.Pos) {
	ast.Inspect(n, func(x ast.Node) bool {
		if x == nil {
			return false
		}
		if _, copied := e.origin[x]; copied {
			return false
		}
		fillPositions(x, pos)
		return true
	})
}

// Own marks every node of the tree n that no change owns and that is not
// an original's copy as created by the current change.
func (e *Edit) Own(n ast.Node) {
	ast.Inspect(n, func(x ast.Node) bool {
		if x == nil {
			return false
		}
		if _, orig := e.origin[x]; !orig {
			if _, owned := e.owner[x]; !owned {
				e.owner[x] = e.change
			}
		}
		return true
	})
}
