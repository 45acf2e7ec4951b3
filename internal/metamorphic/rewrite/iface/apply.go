package iface

import (
	"fmt"
	"go/ast"
	"go/types"
	"path"
	"strings"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/typename"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// apply declares the interface and its implementation, changes the
// holder's type and wraps the values assigned to it.
func apply(e *workspace.Edit, h holder, u *holderUses, name string) error {
	src, imports, err := declarations(h, u, name)
	if err != nil {
		return err
	}
	dir := path.Dir(h.file.Rel)
	if _, err := e.Declare(dir, "mm_client.go", h.file.Pkg.Name, name, src, imports); err != nil {
		return err
	}
	// A finding the rules make at a command of the implementation (a
	// same-package helper's) is the finding of the calls it forwards.
	for _, m := range u.methodNames() {
		e.AliasDeclared(path.Join(dir, "mm_client.go"), name+"Impl."+m, u.calls[m]...)
	}
	if err := setType(e, h, name); err != nil {
		return err
	}
	values := u.wraps
	if h.value != nil {
		values = append(values, h.value)
	}
	for _, v := range values {
		c := e.Node(v).(ast.Expr)
		lit := &ast.CompositeLit{Type: &ast.Ident{NamePos: c.Pos(), Name: name + "Impl"},
			Elts: []ast.Expr{&ast.KeyValueExpr{Key: ast.NewIdent("c"), Value: c}}}
		if err := e.Replace(c, lit); err != nil {
			return err
		}
	}
	return nil
}

// setType gives the holder the interface's type.
func setType(e *workspace.Edit, h holder, name string) error {
	if h.typ != nil {
		c := e.Node(h.typ)
		return e.Replace(c, &ast.Ident{NamePos: c.Pos(), Name: name})
	}
	vs := e.Node(h.decl).(*ast.ValueSpec)
	vs.Type = &ast.Ident{NamePos: vs.Names[0].End(), Name: name}
	e.Own(vs.Type)
	return nil
}

// declarations returns the source of the interface, its implementation
// and its methods, and the imports it needs.
func declarations(h holder, u *holderUses, name string) (string, map[string]string, error) {
	q := &qualifier{pkgPath: h.file.Pkg.Path, scope: h.file.Pkg.Types.Scope(), imports: map[string]string{}}
	client := types.TypeString(h.obj.Type(), q.name)
	var iface, impl strings.Builder
	fmt.Fprintf(&iface, "type %s interface {\n", name)
	fmt.Fprintf(&impl, "type %sImpl struct{ c %s }\n", name, client)
	for _, m := range u.methodNames() {
		sig := u.methods[m].Type().(*types.Signature)
		params, args, results := signature(sig, q)
		fmt.Fprintf(&iface, "\t%s(%s) %s\n", m, params, results)
		call := fmt.Sprintf("m.c.%s(%s)", m, args)
		if sig.Results().Len() > 0 {
			call = "return " + call
		}
		fmt.Fprintf(&impl, "\nfunc (m %sImpl) %s(%s) %s {\n\t%s\n}\n", name, m, params, results, call)
	}
	// The marker keeps the interface to one implementation: two holders
	// of one package get two interfaces, and each implementation would
	// otherwise have every method of the other's.
	fmt.Fprintf(&iface, "\tis%s()\n", exported(name))
	fmt.Fprintf(&impl, "\nfunc (%sImpl) is%s() {}\n", name, exported(name))
	iface.WriteString("}\n\n")
	if q.err != nil {
		return "", nil, q.err
	}
	return iface.String() + impl.String(), q.imports, nil
}

// signature writes a method's parameters (named p0, p1...), the
// arguments that forward them, and its results.
func signature(sig *types.Signature, q *qualifier) (params, args, results string) {
	var ps, as, rs []string
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		arg := fmt.Sprintf("p%d", i)
		if sig.Variadic() && i == sig.Params().Len()-1 {
			ps = append(ps, arg+" ..."+types.TypeString(t.(*types.Slice).Elem(), q.name))
			as = append(as, arg+"...")
			continue
		}
		ps = append(ps, arg+" "+types.TypeString(t, q.name))
		as = append(as, arg)
	}
	for i := range sig.Results().Len() {
		rs = append(rs, types.TypeString(sig.Results().At(i).Type(), q.name))
	}
	results = strings.Join(rs, ", ")
	if len(rs) > 1 {
		results = "(" + results + ")"
	}
	return strings.Join(ps, ", "), strings.Join(as, ", "), results
}

// qualifier names the packages of the declarations' types, choosing an
// import name that no package-level name of the package takes.
type qualifier struct {
	pkgPath string
	scope   *types.Scope
	imports map[string]string // path → name
	err     error
}

func (q *qualifier) name(p *types.Package) string {
	if n, ok := q.imports[p.Path()]; ok {
		return n
	}
	if !typename.CanImport(q.pkgPath, p.Path()) || p.Name() == "main" {
		q.err = fmt.Errorf("cannot import %s", p.Path())
	}
	n := p.Name()
	for i := 2; q.scope.Lookup(n) != nil || q.taken(n); i++ {
		n = fmt.Sprintf("mm%s%d", p.Name(), i)
	}
	q.imports[p.Path()] = n
	return n
}

// taken reports whether an import already has the name n.
func (q *qualifier) taken(n string) bool {
	for _, m := range q.imports {
		if m == n {
			return true
		}
	}
	return false
}

// exported is name with its first letter upper-cased: mmClient1 gives
// MmClient1, for the marker method isMmClient1.
func exported(name string) string { return strings.ToUpper(name[:1]) + name[1:] }
