package rediscall

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/pkgenv"
)

// Env is what recognition knows about the package being analysed: the
// values its expressions hold (pkgenv.Env, whose methods it offers), and
// which DoMulti sends each rueidis/valkey-go command built for one.
type Env struct {
	*pkgenv.Env
	multis map[*ast.CallExpr]*ast.CallExpr // a command's Build call -> the DoMulti sending it
}

// NewEnv indexes the package-level variable initialisers of files.
func NewEnv(fset *token.FileSet, pkg *types.Package, info *types.Info, files []*ast.File) *Env {
	return &Env{Env: pkgenv.New(fset, pkg, info, files)}
}
