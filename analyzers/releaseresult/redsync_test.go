package releaseresult

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

func TestRedsyncAnswer_withErrNodeTaken(t *testing.T) {
	if got := redsyncAnswer(redsyncUnlock(true)); got != errResult {
		t.Errorf("redsyncAnswer = %v, want errResult: (false, nil) cannot happen once ErrNodeTaken exists", got)
	}
}

func TestRedsyncAnswer_beforeErrNodeTaken(t *testing.T) {
	if got := redsyncAnswer(redsyncUnlock(false)); got != okResult {
		t.Errorf("redsyncAnswer = %v, want okResult: before v4.7.0 a taken key is (false, nil)", got)
	}
}

func TestRedsyncAnswer_unknownPackage(t *testing.T) {
	if got := redsyncAnswer(nil); got != okResult {
		t.Errorf("redsyncAnswer(nil) = %v, want okResult", got)
	}
}

// TestDrops_redsync states what the two answers mean for `_, err := m.Unlock()`.
func TestDrops_redsync(t *testing.T) {
	if !drops(okResult, errOnly) {
		t.Error("before ErrNodeTaken, keeping only the error drops (false, nil)")
	}
	if drops(errResult, errOnly) {
		t.Error("with ErrNodeTaken, keeping the error keeps the lost lock")
	}
	if !drops(errResult, deferred) {
		t.Error("a deferred Unlock drops its error")
	}
}
