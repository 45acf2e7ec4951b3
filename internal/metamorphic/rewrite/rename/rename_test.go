package rename_test

import (
	"testing"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/rename"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/rewritetest"
)

func TestRenameLocals(t *testing.T) { rewritetest.Run(t, rename.RenameLocals{}, "testdata/mod") }
