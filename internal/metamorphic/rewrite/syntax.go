package rewrite

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
)

// ParseExpr parses s (a type or an expression that a rewrite writes) into
// a tree without positions, ready to be put into an edit's tree.
func ParseExpr(s string) (ast.Expr, error) {
	x, err := parser.ParseExpr(s)
	if err != nil {
		return nil, fmt.Errorf("parsing %q: %w", s, err)
	}
	ClearPositions(x)
	return x, nil
}

// ClearPositions sets every position of the tree n to token.NoPos, so
// that the printer lays it out afresh instead of by the lines of another
// file.
func ClearPositions(n ast.Node) {
	ast.Inspect(n, func(x ast.Node) bool {
		if x == nil {
			return false
		}
		v := reflect.ValueOf(x)
		if v.Kind() != reflect.Pointer || v.IsNil() {
			return true
		}
		v = v.Elem()
		if v.Kind() != reflect.Struct {
			return true
		}
		posType := reflect.TypeOf(token.NoPos)
		for i := range v.NumField() {
			if fv := v.Field(i); fv.Type() == posType && fv.CanSet() {
				fv.SetInt(0)
			}
		}
		return true
	})
}
