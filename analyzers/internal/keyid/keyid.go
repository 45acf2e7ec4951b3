// Package keyid computes key identities: when two key expressions denote
// the same Redis key, and the family of keys they belong to.
//
// An identity (ID) is the list of parts a key is concatenated from: constant
// text, parameters, a method's receiver, fields of named types, package
// variables, locals that cannot be resolved to one value, and calls of
// key-building functions, each with the object it comes from. Locals
// assigned once, and fields every write sets to one constant, are
// replaced by their value, string concatenation is
// flattened, and fmt.Sprintf with %s/%d/%v verbs is rewritten as the
// concatenation it builds, so "lock:"+id and fmt.Sprintf("lock:%s", id) have
// the same identity. Identities are compared and printed by methods; the
// printed text is canonical and is never read back.
//
// The package knows Go expressions and types; it does not know Redis
// commands, what a lock key is, or how analyzers report.
package keyid

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"golang.org/x/tools/go/types/typeutil"
)

// Values is what a Resolver reads of the package's values: the string a
// constant, a package variable initialised with one or a field always set
// to one holds, the only
// value a local is assigned, and whether a variable is ever assigned.
type Values interface {
	ConstString(e ast.Expr) (string, bool)
	// FieldString returns the string a field holds when every write of
	// it sets the same constant (a prefix its constructor sets).
	FieldString(e ast.Expr) (string, bool)
	LocalInit(e ast.Expr) ast.Expr
	Assigned(v *types.Var) bool
	// RangeOf returns X when e is the value variable of `for _, e :=
	// range X`, never assigned otherwise; nil when it is not.
	RangeOf(e ast.Expr) ast.Expr
}

// A Resolver computes identities inside one package.
type Resolver struct {
	info       *types.Info
	pkg        *types.Package
	values     Values
	funcScopes map[*types.Scope]*types.Func
	// Params, when set, maps a parameter to its index in a summary
	// template, where it is a Placeholder; unset, parameters are Param
	// parts.
	Params map[*types.Var]int
}

// New returns a Resolver over the package pkg, whose types info is and
// whose variables values reads.
func New(info *types.Info, pkg *types.Package, values Values) *Resolver {
	return &Resolver{info: info, pkg: pkg, values: values}
}

// Of returns the identity of key expression e, unknown (the zero ID) when
// it cannot be determined (callers then stay silent).
func (r *Resolver) Of(e ast.Expr) ID {
	return r.of(e, 0)
}

const maxDepth = 8

func (r *Resolver) of(e ast.Expr, depth int) ID {
	if e == nil || depth > maxDepth {
		return ID{}
	}
	e = ast.Unparen(e)
	if s, ok := r.values.ConstString(e); ok {
		return constant(s)
	}
	if tv, ok := r.info.Types[e]; ok && tv.Value != nil {
		return constant(tv.Value.ExactString())
	}
	switch e := e.(type) {
	case *ast.Ident:
		return r.ident(e, depth)
	case *ast.SelectorExpr:
		return r.selector(e, depth)
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return ID{}
		}
		return concat(r.of(e.X, depth+1), r.of(e.Y, depth+1))
	case *ast.CallExpr:
		return r.call(e, depth)
	case *ast.StarExpr:
		return r.of(e.X, depth+1)
	}
	return ID{}
}

func (r *Resolver) ident(id *ast.Ident, depth int) ID {
	v, ok := r.info.Uses[id].(*types.Var)
	if !ok {
		return ID{}
	}
	if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
		return one(Part{Kind: Global, Text: v.Pkg().Path() + "." + v.Name(), obj: v})
	}
	if i, ok := r.Params[v]; ok {
		return one(Part{Kind: Placeholder, Index: i, obj: v})
	}
	if init := r.values.LocalInit(id); init != nil {
		if s := r.of(init, depth+1); s.Known() {
			return s
		}
	}
	if fn, i, ok := r.paramIndex(v); ok {
		if i == -1 {
			if named := namedOf(v.Type()); named != nil && !r.values.Assigned(v) {
				// The receiver, like a field of it, stands for the same
				// object in every method of the type: l.lockKey() in Lock
				// and in Unlock is one key.
				return one(Part{Kind: Receiver, Text: qualified(named), obj: v})
			}
		}
		return one(Part{Kind: Param, Text: fn, Index: i, obj: v})
	}
	if x := r.values.RangeOf(id); x != nil {
		// Each key of a multi-key lock held in a slice: the elements of
		// l.keys ranged over in Lock and in Unlock are the same keys.
		if s := r.of(x, depth+1); s.Known() {
			return one(Part{Kind: Elem, Args: []ID{s}, obj: v})
		}
	}
	return one(Part{Kind: Local, Index: int(v.Pos()), obj: v})
}

// Prepare builds what the Resolver otherwise builds on first use, so that
// analyzers running concurrently on one package only read it.
func (r *Resolver) Prepare() {
	if r.funcScopes == nil {
		r.funcScopes = funcScopes(r.pkg)
	}
}

// IsParam reports whether v is a parameter of a function or method of the
// package.
func (r *Resolver) IsParam(v *types.Var) bool {
	fn, i, ok := r.paramIndex(v)
	return ok && fn != "" && i >= 0
}

// paramIndex finds the function whose parameter (or receiver, index -1) v is.
func (r *Resolver) paramIndex(v *types.Var) (string, int, bool) {
	fnObj := r.enclosingFunc(v)
	if fnObj == nil {
		return "", 0, false
	}
	sig := fnObj.Signature()
	if sig.Recv() == v {
		return fnObj.FullName(), -1, true
	}
	for i := range sig.Params().Len() {
		if sig.Params().At(i) == v {
			return fnObj.FullName(), i, true
		}
	}
	return "", 0, false
}

func (r *Resolver) enclosingFunc(v *types.Var) *types.Func {
	if r.funcScopes == nil {
		r.funcScopes = funcScopes(r.pkg)
	}
	return r.funcScopes[v.Parent()]
}

// funcScopes maps the scope of each function and method of pkg to it.
func funcScopes(pkg *types.Package) map[*types.Scope]*types.Func {
	scopes := map[*types.Scope]*types.Func{}
	for _, name := range pkg.Scope().Names() {
		switch obj := pkg.Scope().Lookup(name).(type) {
		case *types.Func:
			scopes[obj.Scope()] = obj
		case *types.TypeName:
			if n, ok := obj.Type().(*types.Named); ok && !obj.IsAlias() {
				for m := range n.Methods() {
					scopes[m.Scope()] = m
				}
			}
		}
	}
	return scopes
}

func (r *Resolver) selector(sel *ast.SelectorExpr, depth int) ID {
	if v, ok := r.info.Uses[sel.Sel].(*types.Var); ok && !v.IsField() {
		return one(Part{Kind: Global, Text: v.Pkg().Path() + "." + v.Name(), obj: v}) // pkg.Var
	}
	s, ok := r.info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return ID{}
	}
	if c, ok := r.values.FieldString(sel); ok {
		return constant(c)
	}
	if named := namedOf(s.Recv()); named != nil {
		return one(Part{Kind: Field, Text: qualified(named) + "." + sel.Sel.Name, obj: s.Obj()})
	}
	return ID{}
}

func namedOf(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := t.(*types.Named)
	return n
}

func qualified(n *types.Named) string {
	if n.Obj().Pkg() == nil {
		return n.Obj().Name()
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

func (r *Resolver) call(call *ast.CallExpr, depth int) ID {
	if tv, ok := r.info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		return r.of(call.Args[0], depth+1) // conversion: string(b)
	}
	fn, ok := typeutil.Callee(r.info, call).(*types.Func)
	if !ok {
		return ID{}
	}
	if fn.FullName() == "fmt.Sprintf" {
		if s := r.sprintf(call, depth); s.Known() {
			return s
		}
	}
	var args []ID
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && fn.Signature().Recv() != nil {
		args = append(args, r.of(sel.X, depth+1))
	}
	for _, a := range call.Args {
		args = append(args, r.of(a, depth+1))
	}
	for _, a := range args {
		if !a.Known() {
			return ID{}
		}
	}
	return one(Part{Kind: Call, Text: fn.FullName(), Args: args, obj: fn})
}

var verb = analysisutil.LazyRegexp(`%[sdv]`)

// sprintf rewrites fmt.Sprintf("lock:%s:%d", a, b) as "lock:"+a+":"+b when
// every verb is %s, %d or %v.
func (r *Resolver) sprintf(call *ast.CallExpr, depth int) ID {
	if len(call.Args) == 0 || call.Ellipsis.IsValid() {
		return ID{}
	}
	format, ok := r.values.ConstString(call.Args[0])
	if !ok {
		return ID{}
	}
	plain := verb().ReplaceAllString(format, "")
	if strings.Contains(strings.ReplaceAll(plain, "%%", ""), "%") {
		return ID{}
	}
	texts := verb().Split(format, -1)
	if len(texts)-1 != len(call.Args)-1 {
		return ID{}
	}
	var parts []ID
	for i, text := range texts {
		parts = append(parts, constant(strings.ReplaceAll(text, "%%", "%")))
		if i+1 < len(call.Args) {
			parts = append(parts, r.of(call.Args[i+1], depth+1))
		}
	}
	return concat(parts...)
}
