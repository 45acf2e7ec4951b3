package workspace

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
	"strings"
)

// Output is an edit printed: the contents of every file it changed or
// added, and for each Go file among them its tree parsed again, with the
// original node each of its nodes is.
type Output struct {
	Fset  *token.FileSet
	Files map[string][]byte   // relative path → contents
	Go    map[string]*Printed // relative path of a Go file → its tree
}

// Printed is a Go file of an Output.
type Printed struct {
	Rel    string
	Syntax *ast.File
	Origin map[ast.Node]ast.Node   // node → the original node it is; absent for new nodes
	Owner  map[ast.Node]int        // new node → the change that created it
	Alias  map[ast.Node][]ast.Node // new node → the original nodes it stands for
}

// Print formats every changed and added file with gofmt's formatting and
// traces each node of the result back to the edit's trees. It fails when
// a change produced a tree that does not print as itself (a node the
// printer cannot write, or one that parses back as another).
func (e *Edit) Print() (*Output, error) {
	out := &Output{Fset: token.NewFileSet(), Files: map[string][]byte{}, Go: map[string]*Printed{}}
	for f, c := range e.copies {
		if err := e.printTree(out, f.Rel, c); err != nil {
			return nil, err
		}
	}
	for _, a := range e.added {
		var err error
		switch {
		case a.syntax != nil:
			err = e.printTree(out, a.rel, a.syntax)
		case strings.HasSuffix(a.rel, ".go"):
			err = e.printSource(out, a.rel, a.src, a.change)
		default:
			out.Files[a.rel] = a.src
		}
		if err != nil {
			return nil, err
		}
	}
	for _, df := range e.declFiles {
		src, owners, err := df.source()
		if err != nil {
			return nil, err
		}
		if err := e.printDecls(out, df.rel, src, owners); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// printDecls formats a file of declarations; the nodes of its n-th
// declaration are owned by owners[n].
func (e *Edit) printDecls(out *Output, rel string, src []byte, owners []int) error {
	formatted, err := format.Source(src)
	if err != nil {
		return fmt.Errorf("formatting %s: %w\n%s", rel, err, src)
	}
	p, err := parsePrinted(out, rel, formatted)
	if err != nil {
		return err
	}
	decls := p.Syntax.Decls
	for len(decls) > 0 && isImport(decls[0]) {
		decls = decls[1:]
	}
	for i, d := range decls {
		if i < len(owners) {
			for _, n := range Nodes(d) {
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

// printTree prints the tree t as the file rel of out.
func (e *Edit) printTree(out *Output, rel string, t *ast.File) error {
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
	a, b := Nodes(t), Nodes(p.Syntax)
	if err := sameShape(a, b); err != nil {
		return fmt.Errorf("printing %s: the output parses as another tree: %w", rel, err)
	}
	for i := range a {
		if o, ok := e.origin[a[i]]; ok {
			p.Origin[b[i]] = o
		}
		if c, ok := e.owner[a[i]]; ok {
			p.Owner[b[i]] = c
		}
		if al, ok := e.alias[a[i]]; ok {
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

// printSource formats Go source text added whole by change c.
func (e *Edit) printSource(out *Output, rel string, src []byte, c int) error {
	formatted, err := format.Source(src)
	if err != nil {
		return fmt.Errorf("formatting %s: %w\n%s", rel, err, src)
	}
	p, err := parsePrinted(out, rel, formatted)
	if err != nil {
		return err
	}
	for _, n := range Nodes(p.Syntax) {
		p.Owner[n] = c
	}
	return nil
}

func parsePrinted(out *Output, rel string, src []byte) (*Printed, error) {
	f, err := parser.ParseFile(out.Fset, rel, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("printing %s: the output does not parse: %w", rel, err)
	}
	p := &Printed{Rel: rel, Syntax: f, Origin: map[ast.Node]ast.Node{},
		Owner: map[ast.Node]int{}, Alias: map[ast.Node][]ast.Node{}}
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
