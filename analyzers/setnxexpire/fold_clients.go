package setnxexpire

import (
	"go/ast"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/fixedit"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

// putTTLEdits returns the edits that give the acquire the expire's TTL:
// putTTL's for go-redis SetNX and SetArgs, foldGoFrameTTL's for GoFrame's
// gredis, foldRedigoTTL's for redigo, and for the other clients foldTTLEdits', from their builder
// chains and method pairs.
func putTTLEdits(pass *analysis.Pass, env *rediscall.Env, acq, exp *lockmodel.Op) ([]analysis.TextEdit, bool) {
	if put, ok := putTTL(pass, acq, exp); ok {
		return []analysis.TextEdit{put}, true
	}
	switch {
	case acq.Client == rediscall.GoFrame && exp.Client == rediscall.GoFrame:
		return foldGoFrameTTL(pass, acq, exp)
	case acq.Client == rediscall.Redigo && exp.Client == rediscall.Redigo:
		return foldRedigoTTL(pass, env, acq, exp)
	}
	ttl, ok := fixedit.Text(pass, exp.TTL)
	if !ok {
		return nil, false
	}
	return foldTTLEdits(acq.Call, exp.Call, ttl)
}

// foldTTLEdits returns the edits that give the acquire acq the expiry that the
// separate expire exp sets (ttl is exp's TTL as written), for the acquires
// that are not go-redis SetNX/SetArgs: a rueidis/valkey-go SET NX or SETNX
// chain gets the SET option with the same unit, go-zero's Setnx becomes
// SetnxEx. Deleting exp is the caller's; it is safe only when exp's
// command is written inline in the statement that sends it, which this
// also checks.
func foldTTLEdits(acq, exp *rediscall.Call, ttl string) ([]analysis.TextEdit, bool) {
	switch {
	case acq.Client == rediscall.Rueidis && exp.Client == rediscall.Rueidis:
		return foldBuilderTTL(acq, exp, ttl)
	case acq.Client == rediscall.GoZero && exp.Client == rediscall.GoZero:
		return foldGoZeroTTL(acq, exp, ttl)
	}
	return nil, false
}

func foldBuilderTTL(acq, exp *rediscall.Call, ttl string) ([]analysis.TextEdit, bool) {
	if acq.Chain == nil || exp.Chain == nil || !acq.Chain.Inline || !exp.Chain.Inline || exp.Queued || acq.TTL != nil || exp.TTL == nil {
		return nil, false
	}
	option, ok := rediscall.ExpiryOption(exp.Chain)
	if !ok || len(acq.Chain.Steps) < 3 {
		return nil, false
	}
	steps := acq.Chain.Steps
	beforeEnd := steps[len(steps)-2].Call
	switch steps[0].Name {
	case "Set":
		if steps[len(steps)-2].Name != "Nx" {
			return nil, false // only SET k v NX: other options may not take an expiry after them
		}
		return []analysis.TextEdit{insertAt(beforeEnd, "."+option+"("+ttl+")")}, true
	case "Setnx":
		sel, ok := ast.Unparen(steps[0].Call.Fun).(*ast.SelectorExpr)
		if !ok || steps[len(steps)-2].Name != "Value" {
			return nil, false
		}
		return []analysis.TextEdit{
			{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Set")},
			insertAt(beforeEnd, ".Nx()."+option+"("+ttl+")"),
		}, true
	}
	return nil, false
}

func insertAt(after ast.Node, text string) analysis.TextEdit {
	return analysis.TextEdit{Pos: after.End(), End: after.End(), NewText: []byte(text)}
}

func foldGoZeroTTL(acq, exp *rediscall.Call, ttl string) ([]analysis.TextEdit, bool) {
	name, ok := rediscall.GoZeroTTLForm(acq.Method)
	if !ok || exp.TTLAt || !strings.HasPrefix(exp.Method, "Expire") || acq.Expr.Ellipsis.IsValid() || len(acq.Expr.Args) == 0 {
		return nil, false
	}
	sel, ok := ast.Unparen(acq.Expr.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	return []analysis.TextEdit{
		{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(name)},
		insertAt(acq.Expr.Args[len(acq.Expr.Args)-1], ", "+ttl), // after the value, before any trailing comma
	}, true
}
