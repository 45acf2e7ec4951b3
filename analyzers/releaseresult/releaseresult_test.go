package releaseresult_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/releaseresult"
)

// TestFixtures_src/releaseresult and TestFixtures_clients/releaseresult in
// ../fixtures_test.go check releaseresult against the `// want` comments
// and golden files of its fixtures; their rows name the packages. The
// fixture modules are loaded there once for every analyzer. Run them alone
// with
//
//	go test -run 'TestFixtures_.*/releaseresult$' ./analyzers

func TestDoc_summaryLine(t *testing.T) {
	if !strings.HasPrefix(releaseresult.Analyzer.Doc, "releaseresult: ") {
		t.Errorf("Doc = %q, want the extracted doc.go text, summary line first", releaseresult.Analyzer.Doc)
	}
}
