// Package iface holds the refactoring that puts a client behind an
// interface of the module's own with one implementation
// (InterfaceClient): leasevet must see the commands through it.
package iface

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// InterfaceClient changes the type of a struct field or package variable
// that holds a client to an interface of the package that declares the
// methods called on it, implemented by one struct that forwards to the
// client:
//
//	type Lock struct {
//		rdb *redis.Client
//	}
//	... &Lock{rdb: rdb} ... l.rdb.SetNX(ctx, l.key, l.token, ttl) ... l.rdb.Del(ctx, l.key)
//
// becomes
//
//	type Lock struct {
//		rdb mmClient1
//	}
//	... &Lock{rdb: mmClient1Impl{c: rdb}} ... l.rdb.SetNX(ctx, l.key, l.token, ttl) ... l.rdb.Del(ctx, l.key)
//
// with, in mm_client.go,
//
//	type mmClient1 interface {
//		Del(ctx context.Context, keys ...string) *redis.IntCmd
//		SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *redis.BoolCmd
//		isMmClient1()
//	}
//
//	type mmClient1Impl struct{ c *redis.Client }
//
//	func (m mmClient1Impl) Del(p0 context.Context, p1 ...string) *redis.IntCmd { return m.c.Del(p0, p1...) }
//	...
//	func (mmClient1Impl) isMmClient1() {}
//
// The marker method keeps each interface to its one implementation when
// a package gets several (one per holder): without it, an implementation
// whose methods are a superset of another interface's would implement
// that one too.
//
// It applies when every use of the field or variable in the module is a
// call of one of its methods, an assignment to it, or its value in a
// keyed composite literal (both wrapped), the assignments in its own
// package and none in a test file: anything else (passing the client on,
// comparing it with nil) could tell the difference. The calls keep their
// place, so the findings stay at them; the command in each forwarding
// method stands for the calls of the method it forwards to, since the
// rules report a same-package helper's command at the command.
type InterfaceClient struct{}

// Name implements rewrite.Kind.
func (InterfaceClient) Name() string { return "interface-client" }

// Places implements rewrite.Kind.
func (InterfaceClient) Places(m *workspace.Module) []rewrite.Place {
	uses := scanUses(m)
	var places []rewrite.Place
	namers := rewrite.Namers{}
	for _, h := range holders(m) {
		u := uses[h.obj.Pos()]
		if u == nil || u.other || len(u.methods) == 0 {
			continue
		}
		name := namers.For(h.file.Pkg).Name("mmClient")
		h, u := h, u
		places = append(places, rewrite.Place{Pos: h.decl.Pos(), End: h.decl.End(),
			What:  fmt.Sprintf("%s behind interface %s", h.obj.Name(), name),
			Apply: func(e *workspace.Edit) error { return apply(e, h, u, name) }})
	}
	return places
}

// holder is a struct field or package variable that holds a client.
type holder struct {
	file  *workspace.File
	obj   *types.Var
	decl  ast.Node // the *ast.Field or *ast.ValueSpec
	typ   ast.Expr // its type as written, or nil
	value ast.Expr // a package variable's initialiser, or nil
}

// holders returns the fields and package variables of the module whose
// type is a client: a pointer to a client package's struct, or a client
// package's interface.
func holders(m *workspace.Module) []holder {
	var hs []holder
	for _, f := range rewrite.Files(m) {
		ast.Inspect(f.Syntax, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.StructType:
				for _, fld := range n.Fields.List {
					if len(fld.Names) == 1 {
						hs = appendHolder(hs, f, f.Info.Defs[fld.Names[0]], fld, fld.Type, nil)
					}
				}
			case *ast.GenDecl:
				if n.Tok == token.VAR {
					for _, s := range n.Specs {
						vs := s.(*ast.ValueSpec)
						if len(vs.Names) == 1 && len(vs.Values) <= 1 {
							hs = appendHolder(hs, f, f.Info.Defs[vs.Names[0]], vs, vs.Type, first(vs.Values))
						}
					}
				}
			case *ast.FuncDecl:
				return false // locals and parameters are not holders
			}
			return true
		})
	}
	return hs
}

func first(values []ast.Expr) ast.Expr {
	if len(values) == 0 {
		return nil
	}
	return values[0]
}

func appendHolder(hs []holder, f *workspace.File, obj types.Object, decl ast.Node, typ, value ast.Expr) []holder {
	v, ok := obj.(*types.Var)
	if !ok || !isClientType(v.Type()) || (!v.IsField() && rewrite.IsLocal(v)) {
		return hs
	}
	return append(hs, holder{file: f, obj: v, decl: decl, typ: typ, value: value})
}

// isClientType reports whether t is a pointer to a named struct of a
// client package, or a named interface of one.
func isClientType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		named, ok := p.Elem().(*types.Named)
		if !ok || named.Obj().Pkg() == nil {
			return false
		}
		_, isStruct := named.Underlying().(*types.Struct)
		return isStruct && rewrite.IsClientPackage(named.Obj().Pkg().Path())
	}
	named, ok := t.(*types.Named)
	return ok && named.Obj().Pkg() != nil && types.IsInterface(named) && rewrite.IsClientPackage(named.Obj().Pkg().Path())
}
