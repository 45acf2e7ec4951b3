package acquireresult_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/acquireresult"
)

// TestFixtures_src/acquireresult and TestFixtures_clients/acquireresult in
// ../fixtures_test.go check acquireresult against the `// want` comments
// and golden files of its fixtures; their rows name the packages. The
// fixture modules are loaded there once for every analyzer. Run them alone
// with
//
//	go test -run 'TestFixtures_.*/acquireresult$' ./analyzers

func TestDoc_summaryLine(t *testing.T) {
	if !strings.HasPrefix(acquireresult.Analyzer.Doc, "acquireresult: ") {
		t.Errorf("Doc = %q, want the extracted doc.go text, summary line first", acquireresult.Analyzer.Doc)
	}
}
