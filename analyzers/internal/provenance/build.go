package provenance

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

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

	built   bool
	failed  error
	index   *writerIndex
	ssaPkg  *ssa.Package // nil when building failed
	funcs   map[*ast.FuncDecl]*ssa.Function
	stats   Stats
	fieldSt map[*types.Var][]*ssa.Store
	// constAt maps a constant operand to the variable it was assigned to
	// (owner := "exporter"): lifting leaves constants without a position.
	constAt map[*ssa.Const]token.Pos
	// callAt maps the opening parenthesis of each built call of a
	// function of this package to its SSA call.
	callAt map[token.Pos]*ssa.Call
}

// Stats says how much SSA a Tracer built, for the benchmark and tests.
type Stats struct {
	Decls int // function declarations in the package
	Built int // declarations built with their bodies
}

// New returns a Tracer for a package. roots are the declarations whose
// values will be traced (those containing an acquire or release); only
// they and what they lead to are built.
func New(fset *token.FileSet, pkg *types.Package, info *types.Info, files []*ast.File, roots []*ast.FuncDecl) *Tracer {
	return &Tracer{fset: fset, pkg: pkg, info: info, files: files, roots: roots}
}

// Stats returns the build statistics; zero before the first Trace.
func (t *Tracer) Stats() Stats { return t.stats }

// Err returns the reason SSA could not be built, if it could not.
func (t *Tracer) Err() error { return t.failed }

// build creates the SSA program once. A panic in the SSA builder (odd code
// it does not expect) disables the tracer: every trace is then Unknown.
func (t *Tracer) build() {
	if t.built {
		return
	}
	t.built = true
	defer func() {
		if r := recover(); r != nil {
			t.failed, t.ssaPkg = fmt.Errorf("provenance: building SSA for %s: %v", t.pkg.Path(), r), nil
		}
	}()
	t.index = newWriterIndex(t.pkg, t.info, t.files)
	keep := t.index.selectBodies(t.pkg, t.info, t.roots)
	files := t.stripBodies(keep)
	prog := ssa.NewProgram(t.fset, 0)
	for _, imp := range t.pkg.Imports() {
		prog.CreatePackage(imp, nil, nil, true)
	}
	t.ssaPkg = prog.CreatePackage(t.pkg, files, t.info, false)
	t.ssaPkg.SetDebugMode(true) // ValueForExpr maps the acquire's argument to its value
	t.ssaPkg.Build()
	t.indexFuncs(keep)
}

// stripBodies returns shallow copies of the files in which the function
// declarations not in keep have no body: the SSA builder then makes them
// external functions and builds nothing for them.
func (t *Tracer) stripBodies(keep map[*ast.FuncDecl]bool) []*ast.File {
	out := make([]*ast.File, len(t.files))
	for i, f := range t.files {
		cp := *f
		cp.Decls = make([]ast.Decl, len(f.Decls))
		for j, decl := range f.Decls {
			cp.Decls[j] = decl
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			t.stats.Decls++
			if keep[fd] {
				t.stats.Built++
				continue
			}
			stub := *fd
			stub.Body = nil
			cp.Decls[j] = &stub
		}
		out[i] = &cp
	}
	return out
}

// indexFuncs maps the kept declarations to their SSA functions and
// records every store to a struct field in the built code.
func (t *Tracer) indexFuncs(keep map[*ast.FuncDecl]bool) {
	t.funcs = map[*ast.FuncDecl]*ssa.Function{}
	t.fieldSt = map[*types.Var][]*ssa.Store{}
	t.constAt = map[*ssa.Const]token.Pos{}
	t.callAt = map[token.Pos]*ssa.Call{}
	for fd := range keep {
		obj, ok := t.info.Defs[fd.Name].(*types.Func)
		if !ok {
			continue
		}
		if fn := t.ssaPkg.Prog.FuncValue(obj); fn != nil {
			t.funcs[fd] = fn
			t.indexStores(fn)
		}
	}
	if init := t.ssaPkg.Func("init"); init != nil {
		t.indexStores(init)
	}
}

// indexStores records fn's stores to struct fields, its calls of this
// package's functions and the positions of its constants assigned to
// variables, its closures' too.
func (t *Tracer) indexStores(fn *ssa.Function) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Store:
				if fa, ok := instr.Addr.(*ssa.FieldAddr); ok {
					if f := fieldOf(fa.X.Type(), fa.Field); f != nil {
						t.fieldSt[f] = append(t.fieldSt[f], instr)
					}
				}
			case *ssa.Call:
				if callee := instr.Call.StaticCallee(); callee != nil && callee.Pkg == t.ssaPkg {
					t.callAt[instr.Pos()] = instr
				}
			case *ssa.DebugRef:
				if c, ok := instr.X.(*ssa.Const); ok && t.constAt[c] == token.NoPos {
					t.constAt[c] = instr.Expr.Pos()
				}
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		t.indexStores(anon)
	}
}

// fieldOf returns field i of the struct that ptr (a pointer) or a struct
// value points to.
func fieldOf(t types.Type, i int) *types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}
