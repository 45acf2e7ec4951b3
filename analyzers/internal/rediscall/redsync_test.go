package rediscall

import (
	"go/token"
	"go/types"
	"testing"
)

// redsyncUnlock builds a redsync package with a Mutex.Unlock method, with
// or without the ErrNodeTaken type, as the releases before and after
// v4.7.0 have it. The fixture module can hold only one redsync v4, so the
// older shape is built here.
func redsyncUnlock(withNodeTaken bool) *types.Func {
	pkg := types.NewPackage("github.com/go-redsync/redsync/v4", "redsync")
	if withNodeTaken {
		obj := types.NewTypeName(token.NoPos, pkg, "ErrNodeTaken", nil)
		types.NewNamed(obj, types.NewStruct(nil, nil), nil)
		pkg.Scope().Insert(obj)
	}
	mutex := types.NewNamed(types.NewTypeName(token.NoPos, pkg, "Mutex", nil), types.NewStruct(nil, nil), nil)
	pkg.Scope().Insert(mutex.Obj())
	recv := types.NewVar(token.NoPos, pkg, "m", types.NewPointer(mutex))
	results := types.NewTuple(
		types.NewVar(token.NoPos, pkg, "", types.Typ[types.Bool]),
		types.NewVar(token.NoPos, pkg, "", types.Universe.Lookup("error").Type()),
	)
	sig := types.NewSignatureType(recv, nil, nil, nil, results, false)
	fn := types.NewFunc(token.NoPos, pkg, "Unlock", sig)
	mutex.AddMethod(fn)
	return fn
}

func TestDeclaresErrNodeTaken_withErrNodeTaken(t *testing.T) {
	if got := declaresErrNodeTaken(redsyncUnlock(true)); !got {
		t.Error("declaresErrNodeTaken = false with ErrNodeTaken: (false, nil) cannot happen then")
	}
}

func TestDeclaresErrNodeTaken_beforeErrNodeTaken(t *testing.T) {
	if got := declaresErrNodeTaken(redsyncUnlock(false)); got {
		t.Error("declaresErrNodeTaken = true without it: before v4.7.0 a taken key is (false, nil)")
	}
}
