package hoist

import (
	"fmt"
	"go/ast"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// ExtractArg gives an argument of a command its own local, declared in
// the statement before the command's:
//
//	ok, err := rdb.SetNX(ctx, "lock:"+id, token, 30*time.Second).Result()
//
// becomes
//
//	mmArg1 := "lock:" + id
//	mmArg2 := 30 * time.Second
//	ok, err := rdb.SetNX(ctx, mmArg1, token, mmArg2).Result()
//
// Commands are the calls of client packages and of the module's own
// wrappers; a rueidis command built by a builder chain is an argument of
// Do like any other. Plain names are left as they are. An argument moves
// only when nothing with an effect is evaluated before it in its
// statement and the statement evaluates it exactly once
// (rewrite.HoistPoint); a constant keeps the type it is converted to
// (var mmArg1 time.Duration = 0).
type ExtractArg struct{}

// Name implements rewrite.Kind.
func (ExtractArg) Name() string { return "extract-arg" }

// Places implements rewrite.Kind.
func (ExtractArg) Places(m *workspace.Module) []rewrite.Place {
	cmds := rewrite.NewCommands(m)
	var places []rewrite.Place
	namers := rewrite.Namers{}
	for _, f := range rewrite.Files(m) {
		rewrite.Inspect(f.Syntax, func(path []ast.Node) bool {
			call, ok := path[0].(*ast.CallExpr)
			if !ok || !cmds.Issues(f.Info, call) {
				return true
			}
			for i, arg := range call.Args {
				if _, plain := ast.Unparen(arg).(*ast.Ident); plain || (call.Ellipsis.IsValid() && i == len(call.Args)-1) {
					continue
				}
				h, err := plan(f, append([]ast.Node{arg}, path...), arg, namers.For(f.Pkg), "mmArg")
				if err != nil {
					continue
				}
				places = append(places, h.place(fmt.Sprintf("argument %d of %s", i+1, callName(call))))
			}
			return true
		})
	}
	return places
}
