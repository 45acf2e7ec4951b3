package baredel

import (
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/ownerless"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

// wording names what op does: a DEL releases the key, a script deletes it.
func wording(op *lockmodel.Op) ownerless.Wording {
	w := ownerless.Wording{
		Verb: " releases lock key ",
		How:  " without checking the owner token",
		Cost: "this deletes their lock; release with a compare-and-delete such as safelock.Release",
	}
	if op.Kind == rediscall.Script {
		w.Verb, w.How = " deletes lock key ", " in a script that does not compare the owner token"
	}
	return w
}

// deletesKey reports whether op deletes its key: a delete command, or a
// script that deletes KEYS[1] on some path without comparing the owner
// (and is not itself an acquire script).
func deletesKey(op *lockmodel.Op) bool {
	if op.Kind == rediscall.Delete {
		return true
	}
	if op.Kind != rediscall.Script || op.Lua == nil || lockmodel.IsAcquire(op) {
		return false
	}
	guarded, ok := op.Lua.DeletesKey(1)
	return ok && !guarded
}

// onAcquireError reports whether op runs only when the acquire in the same
// function returned an error: it is inside the body of an if whose
// condition uses the acquire's error variable. Cleaning up after a failed
// (possibly half-applied) acquire is not a release of someone's lock.
func onAcquireError(m *lockmodel.Model, acq, op *lockmodel.Op) bool {
	if acq.Func != op.Func || !lockmodel.Before(acq, op) {
		return false
	}
	errVar := acquireErr(m, acq)
	if errVar == nil {
		return false
	}
	for i, n := range op.Stack {
		ifs, ok := n.(*ast.IfStmt)
		if ok && i+1 < len(op.Stack) && op.Stack[i+1] == ifs.Body && analysisutil.Uses(m.Pass.TypesInfo, ifs.Cond, errVar) {
			return true
		}
	}
	return false
}

// acquireErr returns the error variable the acquire's result is assigned
// to (ok, err := c.SetNX(...).Result(); err := c.SetArgs(...).Err()).
func acquireErr(m *lockmodel.Model, acq *lockmodel.Op) *types.Var {
	for i := len(acq.Stack) - 1; i >= 0; i-- {
		as, ok := acq.Stack[i].(*ast.AssignStmt)
		if !ok {
			continue
		}
		last, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
		if !ok {
			return nil
		}
		obj := m.Pass.TypesInfo.ObjectOf(last)
		v, ok := obj.(*types.Var)
		if !ok || !analysisutil.IsError(v.Type()) {
			return nil
		}
		return v
	}
	return nil
}
