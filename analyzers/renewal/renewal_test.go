package renewal_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/renewal"
)

// TestFixtures_src/renewal in ../fixtures_test.go check renewal against
// the `// want` comments and golden files of its fixtures; their rows name
// the packages. The fixture modules are loaded there once for every
// analyzer. Run them alone with
//
//	go test -run 'TestFixtures_.*/renewal$' ./analyzers

func TestDoc_summaryLine(t *testing.T) {
	if !strings.HasPrefix(renewal.Analyzer.Doc, "renewal: ") {
		t.Errorf("Doc = %q, want the extracted doc.go text, summary line first", renewal.Analyzer.Doc)
	}
}
