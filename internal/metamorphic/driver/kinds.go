package driver

import (
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/hoist"
)

// Kinds returns every kind of refactoring, in the order of the tables.
func Kinds() []rewrite.Kind {
	return []rewrite.Kind{
		hoist.ExtractArg{},
		hoist.ReplyLocal{},
	}
}
