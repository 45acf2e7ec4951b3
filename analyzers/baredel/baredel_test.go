package baredel_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/baredel"
)

// TestFixtures_src/baredel and TestFixtures_clients/baredel in
// ../fixtures_test.go check baredel against the `// want` comments and
// golden files of its fixtures; their rows name the packages. The fixture
// modules are loaded there once for every analyzer. Run them alone with
//
//	go test -run 'TestFixtures_.*/baredel$' ./analyzers

func TestDoc_summaryLine(t *testing.T) {
	if !strings.HasPrefix(baredel.Analyzer.Doc, "baredel: ") {
		t.Errorf("Doc = %q, want the extracted doc.go text, summary line first", baredel.Analyzer.Doc)
	}
}
