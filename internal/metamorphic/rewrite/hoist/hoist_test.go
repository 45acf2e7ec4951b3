package hoist_test

import (
	"testing"

	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/hoist"
	"github.com/leasevet/leasevet/internal/metamorphic/rewrite/rewritetest"
)

func TestExtractArg(t *testing.T) {
	rewritetest.Run(t, hoist.ExtractArg{}, "testdata/mod")
}

func TestReplyLocal(t *testing.T) {
	rewritetest.Run(t, hoist.ReplyLocal{}, "testdata/reply")
}
