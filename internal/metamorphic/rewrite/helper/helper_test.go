package helper_test

import (
	"testing"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/helper"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/rewritetest"
)

func TestExtractHelper(t *testing.T) { rewritetest.Run(t, helper.ExtractHelper{}, "testdata/mod") }
func TestMoveHelper(t *testing.T)    { rewritetest.Run(t, helper.MoveHelper{}, "testdata/mod") }
func TestErrMethod(t *testing.T)     { rewritetest.Run(t, helper.ErrMethod{}, "testdata/mod") }
