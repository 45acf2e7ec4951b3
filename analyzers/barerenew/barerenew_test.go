package barerenew_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/barerenew"
)

// TestFixtures_src/barerenew and TestFixtures_clients/barerenew in
// ../fixtures_test.go check barerenew against the `// want` comments and
// golden files of its fixtures; their rows name the packages. The fixture
// modules are loaded there once for every analyzer. Run them alone with
//
//	go test -run 'TestFixtures_.*/barerenew$' ./analyzers

func TestDoc_summaryLine(t *testing.T) {
	if !strings.HasPrefix(barerenew.Analyzer.Doc, "barerenew: ") {
		t.Errorf("Doc = %q, want the extracted doc.go text, summary line first", barerenew.Analyzer.Doc)
	}
}
