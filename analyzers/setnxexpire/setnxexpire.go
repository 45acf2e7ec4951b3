package setnxexpire

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/fixedit"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Categories are the categories of setnxexpire's diagnostics.
var Categories = []string{"setnx-expire", "setnx-expire-pipeline", "no-ttl"}

// Analyzer reports non-atomic lock acquisition. It belongs to the default
// analyzer set, whose model is lockmodel.Analyzer.
var Analyzer = lockmodel.NewAnalyzer("setnxexpire", doc, Categories, run)

func run(pass *analysis.Pass, m *lockmodel.Model) (any, error) {
	once := lockmodel.Once{}
	for _, fn := range m.Funcs {
		if !fn.Test { // tests set up state directly; they do not take locks
			checkFunc(pass, m, fn, once)
		}
	}
	return nil, nil
}

// checkFunc reports each acquire of fn that sets no TTL.
func checkFunc(pass *analysis.Pass, m *lockmodel.Model, fn *lockmodel.Func, once lockmodel.Once) {
	for _, acq := range fn.Ops {
		if exp, noTTL := finding(m, acq); exp != nil {
			checkSplitAcquire(pass, m, acq, exp, once)
		} else if noTTL != nil {
			checkNoTTL(pass, m, acq, noTTL)
		}
	}
}

// finding returns what setnxexpire reports about an acquire with no TTL:
// the expire that follows it, or, when nothing gives the lock key one,
// what proves it a lock key (the acquire, or a call of its helper that
// hands it one). Nothing when the acquire stands for a call of a wrapper
// of this package that is reported itself for the same bug: a wrapper's
// no-ttl, proved by another of its calls, is not this call's split
// acquire, which only a split in the wrapper itself covers.
func finding(m *lockmodel.Model, acq *lockmodel.Op) (exp, noTTL *lockmodel.Op) {
	exp, noTTL = findingHere(m, acq)
	covers := func(o *lockmodel.Op) bool { e, n := findingHere(m, o); return e != nil || (n != nil && exp == nil) }
	if (exp != nil || noTTL != nil) && m.ReportedInWrapper(acq, covers) {
		return nil, nil // reported in the wrapper, where the acquire is
	}
	return exp, noTTL
}

// findingHere is finding, for acq's own function. A helper's acquire
// with no TTL is reported at the acquire, when a call that hands it a
// lock key gives the key no TTL either, and never at its calls; one whose
// TTL a call passes in is reported at the call that passes none.
func findingHere(m *lockmodel.Model, acq *lockmodel.Op) (exp, noTTL *lockmodel.Op) {
	if acq.Func.Test || acq.Kind != rediscall.Acquire || acq.TTLIs != rediscall.NoTTL || acq.Key.ID == "" {
		return nil, nil
	}
	if exp := lockmodel.ExpireAfter(acq); exp != nil && lockmodel.SplitPair(acq, exp) {
		if !m.IsLockKey(acq) && optionalTTL(m, exp) {
			return nil, nil // a key the code also leaves without a TTL on purpose
		}
		return exp, nil
	}
	if !acq.Reportable() && !acq.TTLAtCall() || m.TTLLeftToCalls(acq) {
		return nil, nil // judged where the key is, or at the calls, which may give it a TTL
	}
	if !m.IsRoot(acq) && !ttlFromCall(acq) || m.HasTTLSomewhere(acq) {
		return nil, nil // a same-package helper's acquire is judged in the helper, unless its TTL is the call's
	}
	// A helper's acquire that every call follows with an expire is the
	// first half of those calls' split acquires, reported at their expires.
	noExpire := func(u *lockmodel.Op) bool {
		return lockmodel.ExpireAfter(u) == nil && !m.EveryCall(u, func(c *lockmodel.Op) bool { return lockmodel.ExpireAfter(c) != nil })
	}
	return nil, m.LockUse(acq, noExpire, func(u *lockmodel.Op) bool { return noExpire(u) && !m.HasTTLSomewhere(u) })
}

// ttlFromCall reports whether acq, sent through a call of a wrapper,
// takes its TTL from that call's arguments (SetNX(ctx, key, v, 0) on a
// method that passes its duration on): the wrapper's command has no TTL
// of its own to judge, so the call is where the key gets none. Only
// go-redis reads a zero expiration as none; Redis answers SET ... EX 0
// with an error, so the other clients' acquires fail instead.
func ttlFromCall(acq *lockmodel.Op) bool {
	return acq.Via != nil && acq.Via.TTL >= 0 && (acq.Via.Client == rediscall.GoRedisV9 || acq.Via.Client == rediscall.GoRedis)
}

// checkSplitAcquire reports the expire that gives acq's key its TTL only
// after acq. An expire sent by a same-package helper is reported at the
// helper's command, once, with the call as related information.
func checkSplitAcquire(pass *analysis.Pass, m *lockmodel.Model, acq, exp *lockmodel.Op, once lockmodel.Once) {
	cmd, calls := m.AtCommand(exp, "called here after "+acq.Method+" acquired the key without a TTL")
	d := analysis.Diagnostic{Pos: cmd.Pos(), End: cmd.Expr.End(), Category: "setnx-expire"}
	if acq.Queued && exp.Queued {
		d.Category = "setnx-expire-pipeline"
	}
	if !once.First(cmd, d.Category) {
		return
	}
	key, at := m.KeyTextAt(cmd, exp), m.Where(acq.Pos())
	if d.Category == "setnx-expire-pipeline" {
		d.Message = cmd.Method + " of " + key + " is queued in the same pipeline as " + acq.Method + " (" + at +
			"): it runs even when the SETNX failed, so a client that did not get the lock extends the holder's lock; put the TTL into the acquire"
	} else {
		what := "a lock"
		if !m.IsLockKey(acq) {
			what = "a key" // a marker with no lock evidence: the same race, but no lock
		}
		d.Message = cmd.Method + " sets the TTL of " + noun(m, acq) + " " + key + " only after " + acq.Method + " acquired it (" + at +
			"): a crash, timeout or cancelled context in between leaves " + what + " that never expires; put the TTL into the acquire"
	}
	d.Related = append([]analysis.RelatedInformation{{Pos: acq.Pos(), End: acq.Expr.End(), Message: "acquired here without a TTL"}}, calls...)
	// An expire sent only for a positive TTL is not folded: a negative
	// TTL the expire skips (or sends, deleting the key) would make the
	// SET NX fail with an error.
	if fix, ok := foldTTL(pass, m, acq, exp); ok && !optionalTTL(m, exp) {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	m.Report(pass, d)
}

// noun names what the acquire takes: a lock key when it is one, else a key
// (a SETNX marker whose TTL comes later has the same race, but is no lock).
func noun(m *lockmodel.Model, acq *lockmodel.Op) string {
	if m.IsLockKey(acq) {
		return "lock key"
	}
	return "key"
}

func checkNoTTL(pass *analysis.Pass, m *lockmodel.Model, acq, use *lockmodel.Op) {
	m.Report(pass, analysis.Diagnostic{
		Pos:      acq.Pos(),
		End:      acq.Expr.End(),
		Category: "no-ttl",
		Message: acq.Method + " acquires lock key " + m.KeyTextAt(acq, use) +
			" with no TTL and nothing ever sets one: if the holder crashes, the lock is never released; pass a TTL to the acquire",
		Related: m.UseRelated(acq, use),
	})
}

// heldTTL reports whether the acquire's no-TTL argument is a variable
// (noTTL := time.Duration(0)) rather than a constant: replacing it could
// leave the variable unused, which does not compile.
func heldTTL(info *types.Info, acq *lockmodel.Op) bool {
	if acq.TTL == nil {
		return false
	}
	tv, ok := info.Types[acq.TTL]
	return !ok || tv.Value == nil
}

// foldTTL builds the fix that moves the expire's TTL into the acquire and
// takes the expire out (removeExpire), when that is certainly right. A
// TTL computed between the two has its computation moved above the
// acquire (hoistTTL).
func foldTTL(pass *analysis.Pass, m *lockmodel.Model, acq, exp *lockmodel.Op) (analysis.SuggestedFix, bool) {
	if acq.Via != nil || exp.Via != nil || acq.Forwarded || exp.Forwarded || exp.TTL == nil {
		return analysis.SuggestedFix{}, false
	}
	if acq.Func != exp.Func || heldTTL(pass.TypesInfo, acq) {
		return analysis.SuggestedFix{}, false
	}
	var hoisted []analysis.TextEdit // the TTL's computation, moved above the acquire
	if !availableAt(pass.TypesInfo, m.Env, exp.TTL, acq.Pos(), acq.Func) {
		var ok bool
		if hoisted, ok = hoistTTL(pass, acq, exp); !ok {
			return analysis.SuggestedFix{}, false
		}
	}
	removal, ok := removeExpire(pass, acq, exp)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	puts, ok := putTTLEdits(pass, m.Env, acq, exp)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	edits := append(append(puts, removal...), hoisted...)
	if hoisted != nil {
		edits = append(edits, fixedit.CollapseBlanks(pass, edits)...)
	}
	return analysis.SuggestedFix{Message: "Set the TTL in " + acq.Method + " and remove " + exp.Method, TextEdits: edits}, true
}

// putTTL returns the edit that gives the acquire the expire's TTL.
func putTTL(pass *analysis.Pass, acq, exp *lockmodel.Op) (analysis.TextEdit, bool) {
	ttl, ok := fixedit.Text(pass, exp.TTL)
	if !ok {
		return analysis.TextEdit{}, false
	}
	switch acq.Method {
	case "SetNX":
		if exp.TTLAt || acq.TTL == nil {
			return analysis.TextEdit{}, false // SetNX takes a duration; an absolute time needs SetArgs
		}
		return analysis.TextEdit{Pos: acq.TTL.Pos(), End: acq.TTL.End(), NewText: []byte(ttl)}, true
	case "SetArgs":
		lit := setArgsLiteral(acq)
		if lit == nil || len(lit.Elts) == 0 || acq.TTL != nil {
			return analysis.TextEdit{}, false
		}
		field := "TTL"
		if exp.TTLAt {
			field = "ExpireAt"
		}
		last := lit.Elts[len(lit.Elts)-1]
		return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(", " + field + ": " + ttl)}, true
	}
	return analysis.TextEdit{}, false
}

func setArgsLiteral(acq *lockmodel.Op) *ast.CompositeLit {
	args := acq.Expr.Args
	if len(args) == 0 {
		return nil
	}
	e := ast.Unparen(args[len(args)-1])
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

// availableAt reports whether e can be evaluated at pos with the same
// value it has where it is written: it is built only from constants,
// package-level names, parameters, fields of them, and locals assigned
// once before pos; conversions are allowed, other calls are not.
func availableAt(info *types.Info, env *rediscall.Env, e ast.Expr, pos token.Pos, fn *lockmodel.Func) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv, isType := info.Types[n.Fun]; !isType || !tv.IsType() {
				ok = false
			}
		case *ast.Ident:
			if !identAvailable(info, env, n, pos, fn) {
				ok = false
			}
		case *ast.FuncLit, *ast.IndexExpr, *ast.UnaryExpr, *ast.StarExpr:
			ok = false
		}
		return ok
	})
	return ok
}

func identAvailable(info *types.Info, env *rediscall.Env, id *ast.Ident, pos token.Pos, fn *lockmodel.Func) bool {
	obj := info.Uses[id]
	v, isVar := obj.(*types.Var)
	if !isVar {
		return true // constants, types, packages, functions, fields via selectors
	}
	if !rediscall.IsLocal(v) {
		return true
	}
	if fn.HasParam(v) {
		return !env.Assigned(v)
	}
	return env.LocalInit(id) != nil && v.Pos() < pos
}
