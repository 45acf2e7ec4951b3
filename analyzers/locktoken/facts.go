package locktoken

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/provenance"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

// A tokenFact says what a token helper of another package returns: the
// exported function func InstanceID() string, or the exported variable
// var Owner = ..., so that a lock value built from it is classified at the
// acquire in the importing package.
type tokenFact struct {
	Kind  provenance.Kind
	Desc  string // the helper's own main source: "os.Hostname()"
	Where string // where that source is, "ident.go:12"
}

func (*tokenFact) AFact() {}

func (f *tokenFact) String() string { return f.Kind.String() + " " + f.Desc }

// maxHelperStmts bounds the helpers worth a fact: token helpers are a
// few lines; a long function is not read for a token.
const maxHelperStmts = 12

// exportTokenFacts exports a tokenFact for each small exported function
// and variable of the package whose value comes from a token source. It
// runs in every package outside the standard library, Redis or not (a
// helper package needs no client), but only a syntax test runs for the
// usual package: SSA is built only when a helper body or a variable's
// initialiser calls a source function (os.Hostname, time.Now, uuid.New,
// ...), directly or through a package variable. tokenFuncs are the
// settings' extra token sources.
func exportTokenFacts(pass *analysis.Pass, tokenFuncs []string) {
	path := pass.Pkg.Path()
	if isStdlib(path) || rediscall.IsClientPackage(path) || rediscall.IsLockLibrary(path) {
		return
	}
	funcs, vars := helperCandidates(pass)
	if len(funcs) == 0 && len(vars) == 0 {
		return
	}
	tr := provenance.New(pass.Fset, pass.Pkg, pass.TypesInfo, pass.Files, funcs)
	tr.TokenFuncs = tokenFuncs
	tr.Imported = importedSource(pass)
	for _, fd := range funcs {
		exportFact(pass, pass.TypesInfo.Defs[fd.Name], tr.Returns(fd))
	}
	for _, v := range vars {
		exportFact(pass, v, tr.Global(v))
	}
}

func exportFact(pass *analysis.Pass, obj types.Object, res provenance.Result) {
	k := res.Kind()
	if obj == nil || k == provenance.Unknown {
		return
	}
	main := res.Main()
	f := &tokenFact{Kind: k, Desc: main.Desc}
	if main.Pos.IsValid() {
		f.Where = analysisutil.Where(pass.Fset, main.Pos)
	}
	pass.ExportObjectFact(obj, f)
}

// isStdlib reports whether path is a standard library package: its first
// element has no dot.
func isStdlib(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// helperCandidates returns the exported functions and package variables
// that may be token helpers.
func helperCandidates(pass *analysis.Pass) ([]*ast.FuncDecl, []*types.Var) {
	var funcs []*ast.FuncDecl
	var vars []*types.Var
	sc := newSourceScan(pass)
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if isHelperFunc(pass, d, sc) {
					funcs = append(funcs, d)
				}
			case *ast.GenDecl:
				vars = append(vars, exportedScalarVars(pass, d, sc)...)
			}
		}
	}
	return funcs, vars
}

// isHelperFunc reports whether fd is a small exported function with no
// receiver and no parameters whose first result can be a token and whose
// body names something the trace can classify.
func isHelperFunc(pass *analysis.Pass, fd *ast.FuncDecl, sc *sourceScan) bool {
	if fd.Recv != nil || fd.Body == nil || !fd.Name.IsExported() || len(fd.Body.List) > maxHelperStmts {
		return false
	}
	fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok || fn.Signature().Params().Len() > 0 || fn.Signature().Results().Len() == 0 {
		return false
	}
	if !provenance.Scalar(fn.Signature().Results().At(0).Type()) {
		return false
	}
	return sc.namesSource(fd.Body, map[ast.Node]bool{})
}

// A sourceScan finds, from syntax alone, the declarations that may reach
// a source function.
type sourceScan struct {
	pass  *analysis.Pass
	inits map[*types.Var]ast.Expr       // package variables' initialisers
	decls map[*types.Func]*ast.FuncDecl // the package's functions without receiver
}

func newSourceScan(pass *analysis.Pass) *sourceScan {
	return &sourceScan{pass: pass, inits: packageVarInits(pass), decls: funcDecls(pass)}
}

// funcDecls returns the declarations of the package's functions that
// have a body and no receiver.
func funcDecls(pass *analysis.Pass) map[*types.Func]*ast.FuncDecl {
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range pass.Files {
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	return decls
}

// namesSource reports whether node calls a source function (os.Hostname,
// time.Now, uuid.New, runtime.Stack, ...) directly, through a function of
// the package it calls (ProcessID() calling goroutineID() that reads
// runtime.Stack), or reads a package variable whose initialiser does.
// Only such helpers get facts: in packages that reach no Redis client this
// syntax test is all the work done for the usual package, and SSA is
// built only for the few helpers it selects. seen guards recursion.
func (sc *sourceScan) namesSource(node ast.Node, seen map[ast.Node]bool) bool {
	seen[node] = true
	return analysisutil.Find(node, func(n ast.Node) (bool, bool) {
		id, ok := n.(*ast.Ident)
		if !ok {
			return false, true
		}
		switch obj := sc.pass.TypesInfo.Uses[id].(type) {
		case *types.Func:
			if fd := sc.decls[obj]; fd != nil && !seen[fd.Body] && sc.namesSource(fd.Body, seen) {
				return true, true
			}
			return provenance.IsSourceFunc(obj), true
		case *types.Var:
			if init, ok := sc.inits[obj]; ok && !seen[init] {
				return sc.namesSource(init, seen), true
			}
		}
		return false, true
	})
}

// packageVarInits maps the package variables declared with one initialiser
// each to it.
func packageVarInits(pass *analysis.Pass) map[*types.Var]ast.Expr {
	inits := map[*types.Var]ast.Expr{}
	for _, f := range pass.Files {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, name := range vs.Names {
					if v, ok := pass.TypesInfo.Defs[name].(*types.Var); ok {
						inits[v] = vs.Values[i]
					}
				}
			}
		}
	}
	return inits
}

// exportedScalarVars returns the exported string, integer or boolean
// package variables a var declaration declares whose initialiser names a
// source.
func exportedScalarVars(pass *analysis.Pass, gd *ast.GenDecl, sc *sourceScan) []*types.Var {
	if gd.Tok != token.VAR {
		return nil
	}
	var out []*types.Var
	for _, spec := range gd.Specs {
		for _, name := range spec.(*ast.ValueSpec).Names {
			v, ok := pass.TypesInfo.Defs[name].(*types.Var)
			if ok && name.IsExported() && provenance.Scalar(v.Type()) && sc.inits[v] != nil && sc.namesSource(sc.inits[v], map[ast.Node]bool{}) {
				out = append(out, v)
			}
		}
	}
	return out
}

// importedSource classifies a function or variable of another package
// from its tokenFact.
func importedSource(pass *analysis.Pass) func(types.Object) (provenance.Source, bool) {
	return func(obj types.Object) (provenance.Source, bool) {
		var f tokenFact
		if fn, ok := obj.(*types.Func); ok {
			obj = fn.Origin()
		}
		if !pass.ImportObjectFact(obj, &f) {
			return provenance.Source{}, false
		}
		desc, detail := importedDesc(obj, &f)
		return provenance.Source{Kind: f.Kind, Desc: desc, Detail: detail}, true
	}
}

// importedDesc names an imported helper and, for a weak one, its own
// source: Desc "ident.Owner()", Detail "from os.Hostname() at ident.go:18".
func importedDesc(obj types.Object, f *tokenFact) (desc, detail string) {
	desc = obj.Pkg().Name() + "." + obj.Name()
	_, isFunc := obj.(*types.Func)
	if isFunc {
		desc += "()"
	} else {
		desc = "package variable " + desc
	}
	if f.Kind == provenance.Unique {
		return desc, ""
	}
	switch {
	case isFunc:
		detail = "from " + f.Desc
	case f.Kind == provenance.Instance:
		detail = "set once"
	default:
		detail = f.Desc
	}
	if f.Where != "" {
		detail += " at " + f.Where
	}
	return desc, detail
}
