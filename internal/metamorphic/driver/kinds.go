package driver

import (
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/deferwrap"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/helper"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/hoist"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/iface"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/literal"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/rename"
)

// Kinds returns every kind of refactoring, in the order of the tables.
func Kinds() []rewrite.Kind {
	return []rewrite.Kind{
		hoist.ExtractArg{},
		hoist.ReplyLocal{},
		literal.PackageConst{},
		literal.PackageVar{},
		literal.LocalVar{},
		literal.StructField{},
		literal.EmbedLua{},
		helper.ExtractHelper{},
		helper.MoveHelper{},
		helper.ErrMethod{},
		iface.InterfaceClient{},
		deferwrap.DeferClosure{},
		rename.RenameLocals{},
	}
}
