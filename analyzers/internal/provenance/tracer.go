package provenance

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/provenance/narrowssa"
	"golang.org/x/tools/go/ssa"
)

// A Tracer answers where values of one package come from. It builds SSA
// on its first Trace, once, for the functions selected from the roots it
// was given.
type Tracer struct {
	fset  *token.FileSet
	pkg   *types.Package
	info  *types.Info
	files []*ast.File
	roots []*ast.FuncDecl
	// TokenFuncs are extra functions whose results are unique tokens
	// (leasevet's -token-funcs).
	TokenFuncs []string
	// Imported, when set, classifies a function or package variable of
	// another package (from facts): a token helper's result.
	Imported func(obj types.Object) (Source, bool)

	built  bool
	failed error
	prog   *narrowssa.Package // nil before the first Trace and when building failed
}

// New returns a Tracer for a package. roots are the declarations whose
// values will be traced (those containing an acquire or release); only
// they and what they lead to are built.
func New(fset *token.FileSet, pkg *types.Package, info *types.Info, files []*ast.File, roots []*ast.FuncDecl) *Tracer {
	return &Tracer{fset: fset, pkg: pkg, info: info, files: files, roots: roots}
}

// Stats returns the build statistics; zero before the first Trace.
func (t *Tracer) Stats() Stats {
	if t.prog == nil {
		return Stats{}
	}
	return t.prog.Stats()
}

// Err returns the reason SSA could not be built, if it could not.
func (t *Tracer) Err() error { return t.failed }

// build creates the SSA program once. A panic in the SSA builder (odd code
// it does not expect) disables the tracer: every trace is then Unknown.
func (t *Tracer) build() {
	if t.built {
		return
	}
	t.built = true
	t.prog, t.failed = narrowssa.Build(t.fset, t.pkg, t.info, t.files, t.roots)
}

// funcOf returns the SSA function of a root, nil when SSA was not built.
func (t *Tracer) funcOf(fd *ast.FuncDecl) *ssa.Function {
	if t.prog == nil {
		return nil
	}
	return t.prog.Func(fd)
}

func unknown() []Source { return []Source{{Kind: Unknown}} }
