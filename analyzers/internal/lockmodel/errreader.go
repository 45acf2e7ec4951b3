package lockmodel

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// An ErrReader is the fact exported for a function whose one statement
// returns the error-only reader of one of its parameters (func ErrOf(res
// rueidis.RedisResult) error { return res.Error() }): a reply handed to it
// in an importing package is read as that reader reads it.
type ErrReader struct {
	Param  int
	Method string // Err or Error
}

func (*ErrReader) AFact() {}

func (r *ErrReader) String() string { return "reads the error of its reply" }

// exportErrReaders exports an ErrReader for each function of the package
// that other packages can call and that reads only its reply's error.
func (m *Model) exportErrReaders() {
	for _, fn := range m.Funcs {
		if !fn.Obj.Exported() {
			continue
		}
		if param, method, ok := m.Env.ErrorReader(fn.Obj); ok {
			m.pass.ExportObjectFact(fn.Obj, &ErrReader{Param: param, Method: method})
		}
	}
}

// errorReadBy returns the error-only reader that the function call calls
// applies to arg, its argument, and returns: a function of this package
// (rediscall.Env.ErrorReadBy) or of another, by its ErrReader fact; ""
// when it does something else (see replyuse.ReadBy).
func (m *Model) errorReadBy(call *ast.CallExpr, arg ast.Expr) string {
	if method := m.Env.ErrorReadBy(call, arg); method != "" {
		return method
	}
	fn, ok := typeutil.Callee(m.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == m.pass.Pkg {
		return ""
	}
	param, method, ok := m.importedErrReader(fn.Origin())
	if !ok || param >= len(call.Args) || call.Args[param] != arg {
		return ""
	}
	return method
}

// importedErrReader returns what fn, a function of an imported package,
// reads of its parameters, as its ErrReader fact records it.
func (m *Model) importedErrReader(fn *types.Func) (param int, method string, ok bool) {
	var r ErrReader
	if !m.pass.ImportObjectFact(fn, &r) {
		return 0, "", false
	}
	return r.Param, r.Method, true
}
