package literal_test

import (
	"testing"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/literal"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/rewritetest"
)

func TestPackageConst(t *testing.T) { rewritetest.Run(t, literal.PackageConst{}, "testdata/mod") }

func TestPackageVar(t *testing.T) { rewritetest.Run(t, literal.PackageVar{}, "testdata/mod") }

func TestLocalVar(t *testing.T) { rewritetest.Run(t, literal.LocalVar{}, "testdata/mod") }

func TestStructField(t *testing.T) { rewritetest.Run(t, literal.StructField{}, "testdata/mod") }
func TestEmbedLua(t *testing.T)    { rewritetest.Run(t, literal.EmbedLua{}, "testdata/mod") }
