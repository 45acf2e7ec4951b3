// Package keyid computes key identities: when two key expressions denote
// the same Redis key (RULES.md, "Key identity" and "Key family").
//
// An identity is a canonical string. Constants are quoted, parameters are
// p(func#index), a method's receiver r(pkg.T), fields of named types
// f(pkg.T.name), package variables
// g(pkg.name), locals that cannot be resolved to one value v(position), and
// calls c(callee)(args). Locals assigned once are replaced by their value,
// string concatenation is flattened, and fmt.Sprintf with %s/%d/%v verbs is
// rewritten as the concatenation it builds, so "lock:"+id and
// fmt.Sprintf("lock:%s", id) have the same identity.
package keyid

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/pkgenv"
	"golang.org/x/tools/go/types/typeutil"
)

// A Resolver computes identities inside one package.
type Resolver struct {
	env        *pkgenv.Env
	funcScopes map[*types.Scope]*types.Func
	// Params maps a parameter to its rendering. The zero value renders
	// parameters as p(func#index); summaries render them as ${index}.
	Params func(v *types.Var) (string, bool)
}

// New returns a Resolver over env.
func New(env *pkgenv.Env) *Resolver { return &Resolver{env: env} }

// Of returns the identity of key expression e, or "" when it cannot be
// determined (callers then stay silent).
func (r *Resolver) Of(e ast.Expr) string {
	return r.of(e, 0)
}

const maxDepth = 8

func (r *Resolver) of(e ast.Expr, depth int) string {
	if e == nil || depth > maxDepth {
		return ""
	}
	e = ast.Unparen(e)
	if s, ok := r.env.ConstString(e); ok {
		return strconv.Quote(s)
	}
	if tv, ok := r.env.Info.Types[e]; ok && tv.Value != nil {
		return strconv.Quote(tv.Value.ExactString())
	}
	switch e := e.(type) {
	case *ast.Ident:
		return r.ident(e, depth)
	case *ast.SelectorExpr:
		return r.selector(e, depth)
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return ""
		}
		return joinParts(r.of(e.X, depth+1), r.of(e.Y, depth+1))
	case *ast.CallExpr:
		return r.call(e, depth)
	case *ast.StarExpr:
		return r.of(e.X, depth+1)
	}
	return ""
}

func (r *Resolver) ident(id *ast.Ident, depth int) string {
	v, ok := r.env.Info.Uses[id].(*types.Var)
	if !ok {
		return ""
	}
	if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
		return "g(" + v.Pkg().Path() + "." + v.Name() + ")"
	}
	if r.Params != nil {
		if s, ok := r.Params(v); ok {
			return s
		}
	}
	if init := r.env.LocalInit(id); init != nil {
		if s := r.of(init, depth+1); s != "" {
			return s
		}
	}
	if fn, i, ok := r.paramIndex(v); ok {
		if i == -1 {
			if named := namedOf(v.Type()); named != nil && !r.env.Assigned(v) {
				// The receiver, like a field of it, stands for the same
				// object in every method of the type: l.lockKey() in Lock
				// and in Unlock is one key (RULES.md, "Key identity").
				return "r(" + qualified(named) + ")"
			}
		}
		return fmt.Sprintf("p(%s#%d)", fn, i)
	}
	return fmt.Sprintf("v(%d)", v.Pos())
}

// Prepare builds what the Resolver otherwise builds on first use, so that
// analyzers running concurrently on one package only read it.
func (r *Resolver) Prepare() {
	if r.funcScopes == nil {
		r.funcScopes = funcScopes(r.env.Pkg)
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
		r.funcScopes = funcScopes(r.env.Pkg)
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

func (r *Resolver) selector(sel *ast.SelectorExpr, depth int) string {
	if v, ok := r.env.Info.Uses[sel.Sel].(*types.Var); ok && !v.IsField() {
		return "g(" + v.Pkg().Path() + "." + v.Name() + ")" // pkg.Var
	}
	s, ok := r.env.Info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return ""
	}
	if named := namedOf(s.Recv()); named != nil {
		return "f(" + qualified(named) + "." + sel.Sel.Name + ")"
	}
	return ""
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

func (r *Resolver) call(call *ast.CallExpr, depth int) string {
	if tv, ok := r.env.Info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		return r.of(call.Args[0], depth+1) // conversion: string(b)
	}
	fn, ok := typeutil.Callee(r.env.Info, call).(*types.Func)
	if !ok {
		return ""
	}
	if fn.FullName() == "fmt.Sprintf" {
		if s := r.sprintf(call, depth); s != "" {
			return s
		}
	}
	var args []string
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && fn.Signature().Recv() != nil {
		args = append(args, r.of(sel.X, depth+1))
	}
	for _, a := range call.Args {
		args = append(args, r.of(a, depth+1))
	}
	for _, a := range args {
		if a == "" {
			return ""
		}
	}
	return "c(" + fn.FullName() + ")(" + strings.Join(args, ",") + ")"
}

var verb = analysisutil.LazyRegexp(`%[sdv]`)

// sprintf rewrites fmt.Sprintf("lock:%s:%d", a, b) as "lock:"+a+":"+b when
// every verb is %s, %d or %v.
func (r *Resolver) sprintf(call *ast.CallExpr, depth int) string {
	if len(call.Args) == 0 || call.Ellipsis.IsValid() {
		return ""
	}
	format, ok := r.env.ConstString(call.Args[0])
	if !ok {
		return ""
	}
	plain := verb().ReplaceAllString(format, "")
	if strings.Contains(strings.ReplaceAll(plain, "%%", ""), "%") {
		return ""
	}
	texts := verb().Split(format, -1)
	if len(texts)-1 != len(call.Args)-1 {
		return ""
	}
	var parts []string
	for i, text := range texts {
		parts = append(parts, strconv.Quote(strings.ReplaceAll(text, "%%", "%")))
		if i+1 < len(call.Args) {
			parts = append(parts, r.of(call.Args[i+1], depth+1))
		}
	}
	return joinParts(parts...)
}

// joinParts concatenates identities, merging adjacent constants.
func joinParts(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p == "" {
			return ""
		}
		for _, q := range splitTop(p) {
			if q == `""` {
				continue
			}
			if n := len(out); n > 0 && isQuoted(out[n-1]) && isQuoted(q) {
				a, _ := strconv.Unquote(out[n-1])
				b, _ := strconv.Unquote(q)
				out[n-1] = strconv.Quote(a + b)
				continue
			}
			out = append(out, q)
		}
	}
	if len(out) == 0 {
		return `""`
	}
	return strings.Join(out, "+")
}

func isQuoted(s string) bool { return strings.HasPrefix(s, `"`) }

// splitTop splits an identity at the + signs outside quotes and parentheses.
func splitTop(s string) []string {
	var parts []string
	depth, inQuote, start := 0, false, 0
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case inQuote && ch == '\\':
			i++
		case ch == '"':
			inQuote = !inQuote
		case inQuote:
		case ch == '(':
			depth++
		case ch == ')':
			depth--
		case ch == '+' && depth == 0:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}
