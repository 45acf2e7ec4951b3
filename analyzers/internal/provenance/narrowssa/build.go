package narrowssa

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A Package is one package's SSA, built for the function bodies a trace
// from its roots can reach (the others are external functions), with the
// indexes a trace asks of it.
type Package struct {
	fset  *token.FileSet
	pkg   *types.Package
	info  *types.Info
	files []*ast.File
	index *writerIndex
	ssa   *ssa.Package
	funcs map[*ast.FuncDecl]*ssa.Function
	stats Stats
	// fieldSt holds the stores into each struct field in the built code.
	fieldSt map[*types.Var][]*ssa.Store
	// constAt maps a constant operand to the variable it was assigned to
	// (owner := "exporter"): lifting leaves constants without a position.
	constAt map[*ssa.Const]token.Pos
	// callAt maps the opening parenthesis of each built call of a
	// function of this package to its SSA call.
	callAt map[token.Pos]*ssa.Call
}

// Build creates the SSA program for the bodies selected from roots. A
// panic in the SSA builder (odd code it does not expect) is returned as
// an error, with no Package.
func Build(fset *token.FileSet, pkg *types.Package, info *types.Info, files []*ast.File, roots []*ast.FuncDecl) (p *Package, err error) {
	p = &Package{fset: fset, pkg: pkg, info: info, files: files}
	defer func() {
		if r := recover(); r != nil {
			p, err = nil, fmt.Errorf("narrowssa: building SSA for %s: %v", pkg.Path(), r)
		}
	}()
	p.index = newWriterIndex(pkg, info, files)
	keep := p.index.selectBodies(pkg, info, roots)
	stripped := p.stripBodies(keep)
	// BareInits: the initialiser calls no imported init, so only the
	// imports whose functions and variables the built code names need
	// creating, and creating an import (every member of its scope) is
	// most of the cost: go-redis alone has over a thousand.
	prog := ssa.NewProgram(fset, ssa.BareInits)
	for _, imp := range referencedImports(pkg, info, stripped) {
		prog.CreatePackage(imp, nil, nil, true)
	}
	p.ssa = prog.CreatePackage(pkg, stripped, info, false)
	p.ssa.SetDebugMode(true) // ValueForExpr maps the acquire's argument to its value
	p.ssa.Build()
	p.indexFuncs(keep)
	return p, nil
}

// referencedImports returns the imported packages whose package-level
// functions or variables files name: the builder looks those up among the
// program's packages, while methods, types and constants of an import are
// made from type information.
func referencedImports(pkg *types.Package, info *types.Info, files []*ast.File) []*types.Package {
	seen := map[*types.Package]bool{}
	var out []*types.Package
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			obj := info.Uses[id]
			switch obj.(type) {
			case *types.Var, *types.Func:
			default:
				return true
			}
			if p := obj.Pkg(); p != nil && p != pkg && obj.Parent() == p.Scope() && !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
			return true
		})
	}
	return out
}

// Stats says how much SSA Build built, for the benchmark and tests.
type Stats struct {
	Decls int // function declarations in the package
	Built int // declarations built with their bodies
}

// stripBodies returns shallow copies of the files in which the function
// declarations not in keep have no body: the SSA builder then makes them
// external functions and builds nothing for them.
func (p *Package) stripBodies(keep map[*ast.FuncDecl]bool) []*ast.File {
	out := make([]*ast.File, len(p.files))
	for i, f := range p.files {
		cp := *f
		cp.Decls = make([]ast.Decl, len(f.Decls))
		for j, decl := range f.Decls {
			cp.Decls[j] = decl
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			p.stats.Decls++
			if keep[fd] {
				p.stats.Built++
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
func (p *Package) indexFuncs(keep map[*ast.FuncDecl]bool) {
	p.funcs = map[*ast.FuncDecl]*ssa.Function{}
	p.fieldSt = map[*types.Var][]*ssa.Store{}
	p.constAt = map[*ssa.Const]token.Pos{}
	p.callAt = map[token.Pos]*ssa.Call{}
	for fd := range keep {
		obj, ok := p.info.Defs[fd.Name].(*types.Func)
		if !ok {
			continue
		}
		if fn := p.ssa.Prog.FuncValue(obj); fn != nil {
			p.funcs[fd] = fn
			p.indexStores(fn)
		}
	}
	if init := p.ssa.Func("init"); init != nil {
		p.indexStores(init)
	}
}

// indexStores records fn's stores to struct fields, its calls of this
// package's functions and the positions of its constants assigned to
// variables, its closures' too.
func (p *Package) indexStores(fn *ssa.Function) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Store:
				if fa, ok := instr.Addr.(*ssa.FieldAddr); ok {
					if f := FieldOf(fa.X.Type(), fa.Field); f != nil {
						p.fieldSt[f] = append(p.fieldSt[f], instr)
					}
				}
			case *ssa.Call:
				if callee := instr.Call.StaticCallee(); callee != nil && callee.Pkg == p.ssa {
					p.callAt[instr.Pos()] = instr
				}
			case *ssa.DebugRef:
				if c, ok := instr.X.(*ssa.Const); ok && p.constAt[c] == token.NoPos {
					p.constAt[c] = instr.Expr.Pos()
				}
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		p.indexStores(anon)
	}
}

// FieldOf returns field i of the struct that ptr (a pointer) or a struct
// value points to.
func FieldOf(t types.Type, i int) *types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// Stats returns how much SSA Build built.
func (p *Package) Stats() Stats { return p.stats }

// SSA returns the built package.
func (p *Package) SSA() *ssa.Package { return p.ssa }

// Func returns the SSA function of a declaration, nil when its body was
// not built.
func (p *Package) Func(fd *ast.FuncDecl) *ssa.Function { return p.funcs[fd] }

// FieldStores returns the stores into struct field f in the built code.
func (p *Package) FieldStores(f *types.Var) []*ssa.Store { return p.fieldSt[f] }

// ConstPos returns the position of the variable constant c was assigned
// to, if any.
func (p *Package) ConstPos(c *ssa.Const) token.Pos { return p.constAt[c] }
