package deferwrap_test

import (
	"testing"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/deferwrap"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/rewritetest"
)

func TestDeferClosure(t *testing.T) { rewritetest.Run(t, deferwrap.DeferClosure{}, "testdata/mod") }
