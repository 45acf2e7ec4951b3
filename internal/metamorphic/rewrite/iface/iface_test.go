package iface_test

import (
	"testing"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/iface"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/rewritetest"
)

func TestInterfaceClient(t *testing.T) { rewritetest.Run(t, iface.InterfaceClient{}, "testdata/mod") }
