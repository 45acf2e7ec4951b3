package literal

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// StructField moves a string literal used in a method into a field of
// the method's struct type that every composite literal of the type sets,
// its constructor's included:
//
//	func NewLock(rdb *redis.Client, name string) *Lock {
//		return &Lock{rdb: rdb, key: "lock:" + name}
//	}
//
//	func (l *Lock) Release(ctx context.Context, token string) error {
//		return l.rdb.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] ...`, []string{l.key}, token).Err()
//	}
//
// becomes
//
//	return &Lock{rdb: rdb, key: "lock:" + name, mmField1: "if redis.call(\"get\", KEYS[1]) == ARGV[1] ..."}
//
//	return l.rdb.Eval(ctx, l.mmField1, []string{l.key}, token).Err()
//
// with the field mmField1 string added to Lock, one per value and type.
// Every value of the type must get the field: the type applies only when
// all its values come from keyed composite literals in files the rewrite
// changes (no new(T), no var x T, no T held by value in another type, a
// slice or a map) and none is passed to an interface parameter (where
// printing or reflection would see the new field). The literal's
// statement must read a field of the receiver already, so that a nil
// receiver fails there as before.
type StructField struct{}

// Name implements rewrite.Kind.
func (StructField) Name() string { return "struct-field" }

// Places implements rewrite.Kind.
func (StructField) Places(m *workspace.Module) []rewrite.Place {
	uses := newStructUses(m)
	namers := rewrite.Namers{}
	names := map[string]string{} // type and value → field name
	var places []rewrite.Place
	for _, o := range occurrences(m) {
		recv, named := receiverOf(o)
		if recv == nil || !o.typed || !uses.eligible(named) || !readsFieldOf(o, recv) {
			continue
		}
		k := named.Obj().Name() + "\x00" + o.value
		if names[k] == "" {
			names[k] = namers.For(o.file.Pkg).Name("mmField")
		}
		places = append(places, fieldPlace(o, recv, named, names[k], uses))
	}
	return places
}

// receiverOf returns the named receiver of the method around the
// occurrence and its struct type, or nil.
func receiverOf(o occurrence) (*types.Var, *types.Named) {
	fd := rewrite.EnclosingFunc(o.path)
	if fd == nil || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return nil, nil
	}
	v, ok := o.file.Info.Defs[fd.Recv.List[0].Names[0]].(*types.Var)
	if !ok || v.Name() == "_" {
		return nil, nil
	}
	t := v.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok || named.TypeParams().Len() > 0 {
		return nil, nil
	}
	if _, ok := named.Underlying().(*types.Struct); !ok {
		return nil, nil
	}
	return v, named
}

// readsFieldOf reports whether the statement of the occurrence reads a
// field of recv.
func readsFieldOf(o occurrence, recv *types.Var) bool {
	stmt := listStmt(o.path)
	if stmt == nil {
		return false
	}
	found := false
	ast.Inspect(stmt, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && o.file.Info.Uses[id] == recv {
				s := o.file.Info.Selections[sel]
				found = found || (s != nil && s.Kind() == types.FieldVal)
			}
		}
		return !found
	})
	return found
}

func fieldPlace(o occurrence, recv *types.Var, named *types.Named, name string, su *structUses) rewrite.Place {
	apply := func(e *workspace.Edit) error {
		if err := su.addField(e, named, name, o.value); err != nil {
			return err
		}
		c := e.Node(o.lit)
		sel := &ast.SelectorExpr{X: &ast.Ident{NamePos: c.Pos(), Name: recv.Name()}, Sel: ast.NewIdent(name)}
		if err := e.Replace(c, sel); err != nil {
			return err
		}
		e.Alias(sel, o.lit)
		return nil
	}
	return rewrite.Place{Pos: o.lit.Pos(), End: o.lit.End(), Apply: apply,
		What: fmt.Sprintf("literal %s into field %s.%s", short(o.value), named.Obj().Name(), name)}
}

// addField adds the field name (a string set to value) to the struct
// type and to each of its composite literals, once.
func (su *structUses) addField(e *workspace.Edit, named *types.Named, name, value string) error {
	u := su.types[named.Obj().Pos()]
	st := e.Node(u.spec).(*ast.TypeSpec).Type.(*ast.StructType)
	for _, f := range st.Fields.List {
		for _, n := range f.Names {
			if n.Name == name {
				return nil // added by another place
			}
		}
	}
	field := &ast.Field{Names: []*ast.Ident{ast.NewIdent(name)}, Type: ast.NewIdent("string")}
	st.Fields.List = append(st.Fields.List, field)
	e.Own(field)
	e.Anchor(field, st.Fields.Closing)
	for _, lit := range u.lits {
		c := e.Node(lit).(*ast.CompositeLit)
		kv := &ast.KeyValueExpr{Key: ast.NewIdent(name), Value: &ast.BasicLit{Kind: token.STRING, Value: quoted(value)}}
		c.Elts = append(c.Elts, kv)
		e.Own(kv)
		at := c.Lbrace
		if n := len(c.Elts); n > 1 {
			at = c.Elts[n-2].End()
		}
		e.Anchor(kv, at)
	}
	return nil
}
