package luascript

import (
	"github.com/leasevet/leasevet/analyzers/internal/luascript/scriptexpr"
	"github.com/yuin/gopher-lua/ast"
)

// absenceFacts returns the absence implied by x == lit being true or
// false, when x is a probe's reply and lit the literal it is tested with.
func absenceFacts(x, lit ast.Expr, sc *scriptexpr.Scope) (whenTrue, whenFalse facts, ok bool) {
	id, cmd, ok := scriptexpr.ProbeOf(x, sc)
	if !ok {
		return nil, nil, false
	}
	switch whenEqual, whenDiffer := scriptexpr.AbsentWhen(cmd, lit); {
	case whenEqual:
		return absent(id), nil, true
	case whenDiffer:
		return nil, absent(id), true
	}
	return nil, nil, false
}

// truthFacts returns the facts of a condition that is a reply tested for
// truth: a nil GET reply is false. An integer reply is always true in
// Lua, so `if redis.call('exists', k)` says nothing.
func truthFacts(e ast.Expr, sc *scriptexpr.Scope) (whenTrue, whenFalse facts) {
	if id, cmd, ok := scriptexpr.ProbeOf(e, sc); ok && scriptexpr.NilWhenAbsent(cmd) {
		return nil, absent(id)
	}
	return nil, nil
}
