package analysisutil

import "go/types"

// FuncName returns fn's name in the form the analyzers' tables of
// functions use: "pkg/path.Func" or "pkg/path.Type.Method", of the
// generic function or type an instance comes from ("pkg/path.?.Method"
// for a method of an unnamed type).
func FuncName(fn *types.Func) string {
	fn = fn.Origin()
	if fn.Pkg() == nil {
		return fn.Name()
	}
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return fn.Pkg().Path() + "." + n.Obj().Name() + "." + fn.Name()
		}
		return fn.Pkg().Path() + ".?." + fn.Name()
	}
	return fn.Pkg().Path() + "." + fn.Name()
}
