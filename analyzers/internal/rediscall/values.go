package rediscall

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
)

// Env is what recognition knows about the package being analysed: its
// type information, the initialisers of its variables, through which
// script sources and script objects reach calls, and which DoMulti sends
// each rueidis/valkey-go command built for one.
type Env struct {
	Fset   *token.FileSet
	Info   *types.Info
	Pkg    *types.Package
	Files  []*ast.File
	inits  map[*types.Var]ast.Expr
	embed  map[*types.Var]string // //go:embed file contents
	locals map[*types.Var]*localDef
	fields map[*types.Var]*localDef // writes to unexported fields of this package's structs
	ranges map[*types.Var]ast.Expr  // the value variable of a range over a slice -> the slice
	// selected holds the locals whose fields or methods the code selects
	// (args.TTL = d): a struct literal they were assigned is not all they hold.
	selected map[*types.Var]bool
	multis   map[*ast.CallExpr]*ast.CallExpr // a command's Build call -> the DoMulti sending it
	impls    map[*types.Func]*types.Func     // see InterfaceImpls
	// forwarders maps a forwarder to the client call it makes (forward.go).
	forwarders map[*types.Func]*forwarder
	returns    map[*types.Func]ast.Expr // see indexReturns
	errReaders map[*types.Func]errReader
	// ScriptSHA returns the source of the script whose SHA1 a variable
	// of another package holds, from that package's facts; nil: unknown.
	ScriptSHA func(v *types.Var) (string, bool)
	// ScriptMaker returns what a function of another package that returns
	// a script object builds it from, from that package's facts.
	ScriptMaker func(fn *types.Func) (MadeScript, bool)
	// ImportedErrReader returns what a function of another package
	// reads of its parameters, as ErrorReader does, from its facts.
	ImportedErrReader func(fn *types.Func) (param int, method string, ok bool)
}

// NewEnv indexes the package-level variable initialisers of files.
func NewEnv(fset *token.FileSet, pkg *types.Package, info *types.Info, files []*ast.File) *Env {
	env := &Env{Fset: fset, Info: info, Pkg: pkg, Files: files, inits: map[*types.Var]ast.Expr{}, embed: map[*types.Var]string{}}
	for _, f := range files {
		for _, decl := range f.Decls {
			if gd, ok := decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
				env.indexVars(f, gd)
			}
		}
	}
	return env
}

func (env *Env) indexVars(f *ast.File, gd *ast.GenDecl) {
	for _, spec := range gd.Specs {
		vs := spec.(*ast.ValueSpec)
		for i, name := range vs.Names {
			v, ok := env.Info.Defs[name].(*types.Var)
			if !ok {
				continue
			}
			if len(vs.Values) == len(vs.Names) {
				env.inits[v] = vs.Values[i]
			}
			if src, ok := env.embeddedFile(f, gd, vs); ok {
				env.embed[v] = src
			}
		}
	}
}

// embeddedFile returns the contents of the single file named by a
// //go:embed directive on a string variable. Patterns and directories are
// not followed: a script must be one file to be classified.
func (env *Env) embeddedFile(f *ast.File, gd *ast.GenDecl, vs *ast.ValueSpec) (string, bool) {
	doc := vs.Doc
	if doc == nil && len(gd.Specs) == 1 {
		doc = gd.Doc
	}
	if doc == nil {
		return "", false
	}
	for _, c := range doc.List {
		rest, ok := strings.CutPrefix(c.Text, "//go:embed ")
		if !ok {
			continue
		}
		fields := strings.Fields(rest)
		if len(fields) != 1 || strings.ContainsAny(fields[0], "*?[") {
			return "", false
		}
		dir := filepath.Dir(env.Fset.File(f.Pos()).Name())
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(fields[0])))
		if err != nil {
			return "", false
		}
		return string(data), true
	}
	return "", false
}

// ConstString returns the string value of e when it is a constant, a
// local assigned once with one (cmd := "SETNX"), or a package-level
// variable initialised with one or with an embedded file.
func (env *Env) ConstString(e ast.Expr) (string, bool) { return env.constString(e, 0) }

func (env *Env) constString(e ast.Expr, depth int) (string, bool) {
	if depth >= maxHolders {
		return "", false
	}
	if tv, ok := env.Info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	if init := env.LocalInit(e); init != nil {
		return env.constString(init, depth+1)
	}
	v := env.PackageVar(e)
	if v == nil {
		return "", false
	}
	if src, ok := env.embed[v]; ok {
		return src, true
	}
	if init, ok := env.inits[v]; ok {
		return env.constString(init, depth+1)
	}
	return "", false
}

// Init returns the initialiser of a package-level variable denoted by e.
func (env *Env) Init(e ast.Expr) ast.Expr {
	if v := env.PackageVar(e); v != nil {
		return env.inits[v]
	}
	return nil
}

// PackageVar returns the package-level variable e denotes, if any.
func (env *Env) PackageVar(e ast.Expr) *types.Var {
	id := analysisutil.NameOf(e)
	if id == nil {
		return nil
	}
	v, ok := env.Info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil
	}
	return v
}

// Constant returns the constant value of e, or of the one value of the
// local assigned once that e denotes (ttl := 30 * time.Second), following
// at most maxHolders such locals; nil otherwise.
func (env *Env) Constant(e ast.Expr) constant.Value {
	for range maxHolders {
		if e == nil {
			return nil
		}
		if tv, ok := env.Info.Types[e]; ok && tv.Value != nil {
			return tv.Value
		}
		e = env.LocalInit(e)
	}
	return nil
}

// ConstInt returns the integer value of a constant expression, or of a
// local assigned one once (see Constant): a key count held in a local.
func (env *Env) ConstInt(e ast.Expr) (int64, bool) {
	return intOf(env.Constant(e))
}

// intOf returns the integer value of c, when it is one that fits an
// int64.
func intOf(c constant.Value) (int64, bool) {
	if c == nil {
		return 0, false
	}
	v := constant.ToInt(c)
	if v.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(v)
}

// Prepare builds the indexes Env otherwise builds on first use. The model
// calls it before the analyzers that share it run, concurrently, on the
// package: after it, Env is only read.
func (env *Env) Prepare() {
	env.indexLocals()
	env.indexMultis()
}

// ConstBool returns the value of a constant boolean expression.
func (env *Env) ConstBool(e ast.Expr) (bool, bool) {
	if e == nil {
		return false, false
	}
	tv, ok := env.Info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(tv.Value), true
}
