package narrowssa

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// maxSelectDepth bounds how far from a root function the selection
// follows calls and field writers: token values are built a few calls
// away from the acquire, and a bound keeps the SSA work proportional to
// the lock code rather than to the package.
const maxSelectDepth = 3

// A writerIndex records, for one package, which function declarations
// write each struct field and package variable declared in it. It is
// computed from syntax in one walk, before any SSA is built, so that the
// functions a trace can reach are known up front.
type writerIndex struct {
	decls      map[*types.Func]*ast.FuncDecl
	fields     map[*types.Var][]*ast.FuncDecl // field -> declarations writing it
	initWrites map[*types.Var][]*ast.FuncDecl // package variable -> func init() writing it
	reassigned map[*types.Var]bool            // package variable written outside initialisation
	// lazy holds the assignments under a zero-value test of a package
	// variable (or in a sync.Once), with the variable; lazyWrites the
	// values such assignments give it (lazy.go).
	lazy       map[*ast.AssignStmt]*types.Var
	lazyWrites map[*types.Var][]ast.Expr
	zeros      map[*types.Var]bool // variables that only hold their zero value (zeroHolders)
	addrTaken  map[*types.Var]bool // &v or &x.f: writes we cannot see
	// decoded holds the exported fields of structs whose address is
	// passed to another package (json.Unmarshal(data, &cfg)): decoders
	// write exported fields we cannot see.
	decoded map[*types.Var]bool
	// calls holds the calls of each function of the package without a
	// receiver, so that a constructor's parameter stored into a lock
	// value field can be followed to its arguments.
	calls map[*types.Func][]*ast.CallExpr
	// callers holds the declarations making those calls (nil: package
	// initialisation).
	callers map[*types.Func][]*ast.FuncDecl
	// funcValues holds the functions named other than as the callee of
	// a call (passed, stored, assigned): calls through the value are
	// not seen, so their parameters are not followed.
	funcValues map[*types.Func]bool
	// calledIdent holds the names used as the callee of a direct call,
	// so that the walk can tell them from function values.
	calledIdent map[*ast.Ident]bool
}

func newWriterIndex(pkg *types.Package, info *types.Info, files []*ast.File) *writerIndex {
	ix := &writerIndex{
		decls:       map[*types.Func]*ast.FuncDecl{},
		fields:      map[*types.Var][]*ast.FuncDecl{},
		initWrites:  map[*types.Var][]*ast.FuncDecl{},
		reassigned:  map[*types.Var]bool{},
		lazy:        map[*ast.AssignStmt]*types.Var{},
		lazyWrites:  map[*types.Var][]ast.Expr{},
		addrTaken:   map[*types.Var]bool{},
		decoded:     map[*types.Var]bool{},
		calls:       map[*types.Func][]*ast.CallExpr{},
		callers:     map[*types.Func][]*ast.FuncDecl{},
		funcValues:  map[*types.Func]bool{},
		calledIdent: map[*ast.Ident]bool{},
		zeros:       zeroHolders(info, files),
	}
	for _, f := range files {
		for _, decl := range f.Decls {
			if gd, ok := decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
				ast.Inspect(gd, func(n ast.Node) bool {
					ix.recordWrites(pkg, info, nil, n) // nil: package initialisation
					return true
				})
				continue
			}
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if obj, ok := info.Defs[fd.Name].(*types.Func); ok {
				ix.decls[obj] = fd
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				ix.recordWrites(pkg, info, fd, n)
				return true
			})
		}
	}
	return ix
}

func (ix *writerIndex) recordWrites(pkg *types.Package, info *types.Info, fd *ast.FuncDecl, n ast.Node) {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for i, lhs := range n.Lhs {
			if !ix.recordLazy(pkg, info, fd, n, i) {
				ix.recordWrite(pkg, info, fd, lhs)
			}
		}
	case *ast.IfStmt:
		ix.markLazy(pkg, info, n)
	case *ast.IncDecStmt:
		ix.recordWrite(pkg, info, fd, n.X)
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			if v := writtenVar(info, n.X); v != nil {
				ix.addrTaken[v] = true
			}
		}
	case *ast.RangeStmt:
		ix.recordWrite(pkg, info, fd, n.Key)
		ix.recordWrite(pkg, info, fd, n.Value)
	case *ast.CompositeLit:
		for _, fv := range literalFields(info, n) {
			ix.fields[fv] = append(ix.fields[fv], fd)
		}
	case *ast.CallExpr:
		ix.markOnce(info, n)
		ix.recordDecoded(pkg, info, n)
		ix.recordCall(pkg, info, fd, n)
	case *ast.Ident:
		if fn, ok := info.Uses[n].(*types.Func); ok && fn.Pkg() == pkg && !ix.calledIdent[n] {
			ix.funcValues[fn] = true
		}
	}
}

// recordCall records a direct call of a function of this package that
// has no receiver. The callee's name is marked as called before the walk
// reaches it (ast.Inspect visits the call first), so that every other
// use of the name is a function value.
func (ix *writerIndex) recordCall(pkg *types.Package, info *types.Info, fd *ast.FuncDecl, call *ast.CallExpr) {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return
	}
	fn, ok := info.Uses[id].(*types.Func)
	if !ok || fn.Pkg() != pkg || fn.Signature().Recv() != nil {
		return
	}
	ix.calledIdent[id] = true
	ix.calls[fn] = append(ix.calls[fn], call)
	ix.callers[fn] = append(ix.callers[fn], fd)
}

// recordDecoded marks the exported fields of this package's structs whose
// address a call of another package receives.
func (ix *writerIndex) recordDecoded(pkg *types.Package, info *types.Info, call *ast.CallExpr) {
	callee := typeutil.Callee(info, call)
	if callee == nil || callee.Pkg() == nil || callee.Pkg() == pkg {
		return
	}
	for _, arg := range call.Args {
		ptr, ok := types.Unalias(info.TypeOf(arg)).(*types.Pointer)
		if !ok {
			continue
		}
		named, ok := types.Unalias(ptr.Elem()).(*types.Named)
		if !ok || named.Obj().Pkg() != pkg {
			continue
		}
		if st, ok := named.Underlying().(*types.Struct); ok {
			for i := range st.NumFields() {
				if f := st.Field(i); f.Exported() {
					ix.decoded[f] = true
				}
			}
		}
	}
}

func (ix *writerIndex) recordWrite(pkg *types.Package, info *types.Info, fd *ast.FuncDecl, lhs ast.Expr) {
	v := writtenVar(info, lhs)
	if v == nil || v.Pkg() != pkg {
		return
	}
	switch {
	case v.IsField():
		ix.fields[v] = append(ix.fields[v], fd)
	case v.Parent() == pkg.Scope() && isInitFunc(fd):
		ix.initWrites[v] = append(ix.initWrites[v], fd)
	case v.Parent() == pkg.Scope():
		ix.reassigned[v] = true
	}
}

// isInitFunc reports whether fd is a func init(); fd is nil for code in
// package variable initialisers, whose closures (var x = func() {...}())
// the trace does not follow.
func isInitFunc(fd *ast.FuncDecl) bool { return fd != nil && fd.Recv == nil && fd.Name.Name == "init" }

// writtenVar returns the variable or field an assignment target denotes.
func writtenVar(info *types.Info, e ast.Expr) *types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.Uses[e].(*types.Var)
		return v
	case *ast.SelectorExpr:
		v, _ := info.Uses[e.Sel].(*types.Var)
		return v
	}
	return nil
}

// literalFields returns the fields a struct composite literal sets.
func literalFields(info *types.Info, lit *ast.CompositeLit) []*types.Var {
	st, ok := info.TypeOf(lit).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var out []*types.Var
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok {
					out = append(out, v)
				}
			}
		} else if i < st.NumFields() {
			out = append(out, st.Field(i))
		}
	}
	return out
}

// selectBodies returns the declarations whose bodies a trace starting in
// roots can reach: the roots, the package's functions they call, the
// functions that write the struct fields and the init functions that
// write the package variables they read, transitively up to
// maxSelectDepth.
func (ix *writerIndex) selectBodies(pkg *types.Package, info *types.Info, roots []*ast.FuncDecl) map[*ast.FuncDecl]bool {
	keep := map[*ast.FuncDecl]bool{}
	frontier := roots
	for depth := 0; depth <= maxSelectDepth && len(frontier) > 0; depth++ {
		var next []*ast.FuncDecl
		for _, fd := range frontier {
			if fd == nil || keep[fd] { // nil: a package initialiser, always built
				continue
			}
			keep[fd] = true
			next = append(next, ix.reached(pkg, info, fd)...)
		}
		frontier = next
	}
	return keep
}

// reached returns the declarations fd's body leads a trace into.
func (ix *writerIndex) reached(pkg *types.Package, info *types.Info, fd *ast.FuncDecl) []*ast.FuncDecl {
	var out []*ast.FuncDecl
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if callee := typeutil.StaticCallee(info, n); callee != nil && callee.Pkg() == pkg {
				if d := ix.decls[callee.Origin()]; d != nil {
					out = append(out, d)
				}
			}
		case *ast.SelectorExpr:
			if v, ok := info.Uses[n.Sel].(*types.Var); ok && v.IsField() {
				out = append(out, ix.fields[v]...)
				out = append(out, ix.constructorCallers(info, ix.fields[v])...)
			}
		case *ast.Ident:
			switch obj := info.Uses[n].(type) {
			case *types.Var:
				if obj.Pkg() == pkg && obj.Parent() == pkg.Scope() {
					out = append(out, ix.initWrites[obj]...)
				}
			case *types.Func:
				if d := ix.decls[obj.Origin()]; d != nil {
					out = append(out, d) // a function value: WithGenValueFunc(genValue)
				}
			}
		}
		return true
	})
	return out
}

// constructorCallers returns the declarations calling those of writers
// that are functions with parameters (newLock(rdb, key, value) storing
// value into a field): the arguments they pass are the field's values.
func (ix *writerIndex) constructorCallers(info *types.Info, writers []*ast.FuncDecl) []*ast.FuncDecl {
	var out []*ast.FuncDecl
	seen := map[*ast.FuncDecl]bool{}
	level := writers
	// Constructors call constructors (TryLock(conn, res, token) calls
	// TryLockWithTimeout(conn, res, token, d), which stores token): the
	// callers of a caller that passes its own parameters on are followed
	// too, a few levels up.
	for range 3 {
		var next []*ast.FuncDecl
		for _, fd := range level {
			if fd == nil || fd.Recv != nil || fd.Type.Params.NumFields() == 0 {
				continue
			}
			fn, ok := info.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			for _, c := range ix.callers[fn] {
				if !seen[c] {
					seen[c] = true
					out = append(out, c)
					next = append(next, c)
				}
			}
		}
		level = next
	}
	return out
}

// Reassigned reports whether package variable v is written outside
// package initialisation.
func (p *Package) Reassigned(v *types.Var) bool { return p.index.reassigned[v] }

// AddrTaken reports whether the address of v is taken (&v or &x.f):
// writes through it cannot be seen.
func (p *Package) AddrTaken(v *types.Var) bool { return p.index.addrTaken[v] }

// Decoded reports whether f is an exported field of a struct whose
// address is passed to another package (json.Unmarshal(data, &cfg)).
func (p *Package) Decoded(f *types.Var) bool { return p.index.decoded[f] }

// FieldWriters returns the declarations writing field f (nil for package
// initialisation).
func (p *Package) FieldWriters(f *types.Var) []*ast.FuncDecl { return p.index.fields[f] }
