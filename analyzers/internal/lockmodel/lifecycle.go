package lockmodel

import (
	"go/ast"
	"go/types"
)

// This file exports, for the lifecycle analyzers (acquireresult,
// acquireloop, renewal), what the judge already computes to decide that
// a key is a lock: the wait loop of an acquire and its result variables.

// RetryLoop returns the for statement that retries acq until it succeeds
// (the lock evidence "waiting": see retriedUntilAcquired), or nil.
func (m *Model) RetryLoop(acq *Op) *ast.ForStmt {
	if !m.retriedUntilAcquired(acq) {
		return nil
	}
	return innermostFor(acq.Stack)
}

// ResultVars returns the variables op's result is assigned to, errors
// excepted (ok in ok, err := c.SetNX(...).Result()).
func (m *Model) ResultVars(op *Op) map[*types.Var]bool { return m.resultVars(op) }
