package rewrite

import (
	"go/ast"
	"go/types"
)

// InterfaceArgs returns the arguments that call passes to a parameter of
// interface type, or converts to an interface: there, printing,
// reflection or a type switch can see the value's whole make-up.
func InterfaceArgs(info *types.Info, call *ast.CallExpr) []ast.Expr {
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 && types.IsInterface(tv.Type) {
			return call.Args
		}
		return nil
	}
	sig, ok := info.TypeOf(call.Fun).(*types.Signature)
	if !ok {
		return nil
	}
	var args []ast.Expr
	for i, arg := range call.Args {
		var param types.Type
		switch {
		case sig.Variadic() && i >= sig.Params().Len()-1:
			param = sig.Params().At(sig.Params().Len() - 1).Type()
			if s, ok := param.(*types.Slice); ok && !call.Ellipsis.IsValid() {
				param = s.Elem()
			}
		case i < sig.Params().Len():
			param = sig.Params().At(i).Type()
		}
		if param != nil && types.IsInterface(param) {
			args = append(args, arg)
		}
	}
	return args
}
