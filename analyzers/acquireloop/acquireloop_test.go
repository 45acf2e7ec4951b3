package acquireloop_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/acquireloop"
)

// TestFixtures_src/acquireloop in ../fixtures_test.go check acquireloop
// against the `// want` comments and golden files of its fixtures; their
// rows name the packages. The fixture modules are loaded there once for
// every analyzer. Run them alone with
//
//	go test -run 'TestFixtures_.*/acquireloop$' ./analyzers

func TestDoc_summaryLine(t *testing.T) {
	if !strings.HasPrefix(acquireloop.Analyzer.Doc, "acquireloop: ") {
		t.Errorf("Doc = %q, want the extracted doc.go text, summary line first", acquireloop.Analyzer.Doc)
	}
}
