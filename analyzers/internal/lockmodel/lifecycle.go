package lockmodel

import (
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/redisop"
)

// This file exports, for the lifecycle analyzers (acquireresult,
// acquireloop, renewal), what the model already computes to decide that
// a key is a lock: the wait loop of an acquire and its result variables.

// RetryLoop returns the for statement that retries acq until it succeeds
// (the evidence "waiting" of RULES.md, "Lock key"), or nil.
func (m *Model) RetryLoop(acq *redisop.Op) *ast.ForStmt {
	if !m.retriedUntilAcquired(acq) {
		return nil
	}
	return innermostFor(acq.Stack)
}

// ResultVars returns the variables op's result is assigned to, errors
// excepted (ok in ok, err := c.SetNX(...).Result()).
func (m *Model) ResultVars(op *redisop.Op) map[*types.Var]bool { return m.resultVars(op) }

// FuncOf returns the Func of a function or method declared in the
// package, or nil.
func (m *Model) FuncOf(obj *types.Func) *redisop.Func {
	for _, fn := range m.Funcs {
		if fn.Obj == obj {
			return fn
		}
	}
	return nil
}
