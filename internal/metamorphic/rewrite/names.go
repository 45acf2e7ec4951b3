package rewrite

import (
	"fmt"
	"go/ast"
	"strings"

	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// Namer hands out names that no file of a package uses, for what a
// rewrite declares. The names carry no lock word (mmArg1, mmHelper2):
// leasevet reads function, type and parameter names as lock evidence, and
// a rewrite must neither bring evidence nor take it away.
type Namer struct {
	taken map[string]bool
	next  map[string]int
}

// NewNamer returns a Namer for pkg: it avoids every identifier of its
// files, tests included, and the names of the universe.
func NewNamer(pkg *workspace.Package) *Namer {
	n := &Namer{taken: map[string]bool{}, next: map[string]int{}}
	for _, files := range [][]*workspace.File{pkg.Files, pkg.Tests, pkg.XTests} {
		for _, f := range files {
			ast.Inspect(f.Syntax, func(x ast.Node) bool {
				if id, ok := x.(*ast.Ident); ok {
					n.taken[id.Name] = true
				}
				return true
			})
		}
	}
	return n
}

// Name returns prefix followed by the smallest number that makes a name
// not yet used or handed out: "mmArg" gives mmArg1, then mmArg2.
func (n *Namer) Name(prefix string) string {
	for {
		n.next[prefix]++
		name := fmt.Sprintf("%s%d", prefix, n.next[prefix])
		if !n.taken[name] && !n.taken[strings.ToLower(name)] {
			n.taken[name] = true
			return name
		}
	}
}

// Take marks name as used (a name the caller chose itself).
func (n *Namer) Take(name string) { n.taken[name] = true }

// Taken reports whether name is used in the package or was handed out.
func (n *Namer) Taken(name string) bool { return n.taken[name] }

// Namers hands out one Namer per package.
type Namers map[*workspace.Package]*Namer

// For returns the Namer of pkg, made on first use.
func (ns Namers) For(pkg *workspace.Package) *Namer {
	if ns[pkg] == nil {
		ns[pkg] = NewNamer(pkg)
	}
	return ns[pkg]
}
