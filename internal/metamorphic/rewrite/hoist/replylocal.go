package hoist

import (
	"go/ast"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// ReplyLocal holds a command in a local and reads its reply from there:
//
//	if !rdb.SetNX(ctx, key, token, ttl).Val() {
//
// becomes
//
//	mmReply1 := rdb.SetNX(ctx, key, token, ttl)
//	if !mmReply1.Val() {
//
// It applies to a command of a client package whose reply is read by a
// method of the reply (Val, Result, Err, Int64...), when the command is
// the first thing with an effect that its statement evaluates, and that
// once (rewrite.HoistPoint): the command runs at the same point as
// before.
type ReplyLocal struct{}

// Name implements rewrite.Kind.
func (ReplyLocal) Name() string { return "reply-local" }

// Places implements rewrite.Kind.
func (ReplyLocal) Places(m *workspace.Module) []rewrite.Place {
	var places []rewrite.Place
	namers := rewrite.Namers{}
	for _, f := range rewrite.Files(m) {
		rewrite.Inspect(f.Syntax, func(path []ast.Node) bool {
			call, ok := path[0].(*ast.CallExpr)
			if !ok || len(path) < 3 || !rewrite.IsCommand(f.Info, call) {
				return true
			}
			sel, ok := path[1].(*ast.SelectorExpr)
			if !ok || sel.X != call {
				return true
			}
			accessor, ok := path[2].(*ast.CallExpr)
			if !ok || accessor.Fun != sel || !rewrite.IsReplyAccessor(f.Info, accessor) {
				return true
			}
			h, err := plan(f, path, call, namers.For(f.Pkg), "mmReply")
			if err != nil {
				return true
			}
			places = append(places, h.place("the "+callName(call)+" command read by "+sel.Sel.Name))
			return true
		})
	}
	return places
}
