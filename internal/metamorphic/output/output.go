// Package output prints an edit of a module: the contents of every file
// it changed or added, formatted as gofmt does, and for each Go file its
// tree parsed again, with the original node each of its nodes is (the
// edited tree and the printed one are matched node by node). That is how
// a finding reported on the rewritten module is traced back to the code
// it was reported at before.
//
// It must not know what a rewrite or a finding is.
package output

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"sort"

	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// Output is an edit printed.
type Output struct {
	Fset  *token.FileSet
	Files map[string][]byte   // relative path → contents
	Go    map[string]*Printed // relative path of a Go file → its tree
}

// Printed is a Go file of an Output.
type Printed struct {
	Rel    string
	Syntax *ast.File
	Origin map[ast.Node]ast.Node        // node → the original node it is; absent for new nodes
	Owner  map[ast.Node]int             // new node → the change that created it
	Alias  map[ast.Node]workspace.Stand // new node → what it stands for
}

// Print formats every file that e changed or added and traces each node
// of the result back to the edit's trees. It fails when a change produced
// a tree that does not print as itself (a node the printer cannot write,
// or one that parses back as another).
func Print(e *workspace.Edit) (*Output, error) {
	files, err := e.EditedFiles()
	if err != nil {
		return nil, err
	}
	out := &Output{Fset: token.NewFileSet(), Files: map[string][]byte{}, Go: map[string]*Printed{}}
	for _, f := range files {
		switch {
		case f.Syntax != nil:
			err = printTree(out, e, f.Rel, f.Syntax)
		case path.Ext(f.Rel) == ".go":
			err = printSource(out, f)
		default:
			out.Files[f.Rel] = f.Src
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// printTree prints the tree t as the file rel of out.
func printTree(out *Output, e *workspace.Edit, rel string, t *ast.File) error {
	// The printer sorts imports as gofmt does; sort them in the tree first,
	// so that the output has the tree's shape.
	ast.SortImports(e.Fset, t)
	sortNewImports(t)
	var buf bytes.Buffer
	if err := format.Node(&buf, e.Fset, t); err != nil {
		return fmt.Errorf("printing %s: %w", rel, err)
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		return fmt.Errorf("printing %s: %w\n%s", rel, err, buf.Bytes())
	}
	p, err := parsePrinted(out, rel, tidy(src))
	if err != nil {
		return err
	}
	a, b := workspace.Nodes(t), workspace.Nodes(p.Syntax)
	if err := workspace.SameShape(a, b); err != nil {
		return fmt.Errorf("printing %s: the output parses as another tree: %w", rel, err)
	}
	for i := range a {
		if o := e.Origin(a[i]); o != nil {
			p.Origin[b[i]] = o
		}
		if c, ok := e.Owner(a[i]); ok {
			p.Owner[b[i]] = c
		}
		if al := e.Aliases(a[i]); len(al.Orig) > 0 {
			p.Alias[b[i]] = al
		}
	}
	return nil
}

// sortNewImports sorts by path the import blocks that have no position
// (a new file's), which ast.SortImports leaves alone.
func sortNewImports(t *ast.File) {
	for _, d := range t.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT || g.Lparen.IsValid() {
			continue
		}
		sort.SliceStable(g.Specs, func(i, j int) bool {
			return g.Specs[i].(*ast.ImportSpec).Path.Value < g.Specs[j].(*ast.ImportSpec).Path.Value
		})
	}
}

// printSource formats the Go text of f; the nodes of its n-th top-level
// declaration are owned by f.Owners[n], or all by f.Owners[0] when there
// is one owner, and the calls of a method of f.Stands stand for its
// original nodes.
func printSource(out *Output, f workspace.EditedFile) error {
	rel, src, owners := f.Rel, f.Src, f.Owners
	formatted, err := format.Source(src)
	if err != nil {
		return fmt.Errorf("formatting %s: %w\n%s", rel, err, src)
	}
	p, err := parsePrinted(out, rel, formatted)
	if err != nil {
		return err
	}
	standIn(p, f.Stands)
	if len(owners) == 1 {
		for _, n := range workspace.Nodes(p.Syntax) {
			p.Owner[n] = owners[0]
		}
		return nil
	}
	decls := p.Syntax.Decls
	for len(decls) > 0 && isImport(decls[0]) {
		decls = decls[1:]
	}
	for i, d := range decls {
		if i < len(owners) {
			for _, n := range workspace.Nodes(d) {
				p.Owner[n] = owners[i]
			}
		}
	}
	return nil
}

func isImport(d ast.Decl) bool {
	g, ok := d.(*ast.GenDecl)
	return ok && g.Tok == token.IMPORT
}

func parsePrinted(out *Output, rel string, src []byte) (*Printed, error) {
	f, err := parser.ParseFile(out.Fset, rel, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("printing %s: the output does not parse: %w", rel, err)
	}
	p := &Printed{Rel: rel, Syntax: f, Origin: map[ast.Node]ast.Node{},
		Owner: map[ast.Node]int{}, Alias: map[ast.Node]workspace.Stand{}}
	out.Files[rel] = src
	out.Go[rel] = p
	return p, nil
}

// Dirs returns the directories (relative, slash-separated) that hold a
// changed or added Go file.
func (o *Output) Dirs() []string {
	seen := map[string]bool{}
	var dirs []string
	for rel := range o.Go {
		if d := path.Dir(rel); !seen[d] {
			seen[d] = true
			dirs = append(dirs, d)
		}
	}
	sort.Strings(dirs)
	return dirs
}

// WriteTo writes the output's files into dir, a copy of the module.
func (o *Output) WriteTo(dir string) error {
	for rel, src := range o.Files {
		name := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return fmt.Errorf("writing %s: %w", rel, err)
		}
		if err := os.WriteFile(name, src, 0o644); err != nil {
			return fmt.Errorf("writing %s: %w", rel, err)
		}
	}
	return nil
}

// standIn records, for each method of p named in stands ("Type.Method"),
// that the calls of its body stand for the method's original nodes.
func standIn(p *Printed, stands map[string][]ast.Node) {
	for _, d := range p.Syntax.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 || fd.Body == nil {
			continue
		}
		recv, ok := ast.Unparen(fd.Recv.List[0].Type).(*ast.Ident)
		if !ok {
			continue
		}
		orig := stands[recv.Name+"."+fd.Name.Name]
		if len(orig) == 0 {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				p.Alias[c] = workspace.Stand{Orig: orig}
			}
			return true
		})
	}
}
