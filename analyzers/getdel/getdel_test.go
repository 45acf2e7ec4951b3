package getdel_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/getdel"
)

// TestFixtures_src/getdel and TestFixtures_clients/getdel in
// ../fixtures_test.go check getdel against the `// want` comments and
// golden files of its fixtures; their rows name the packages. The fixture
// modules are loaded there once for every analyzer. Run them alone with
//
//	go test -run 'TestFixtures_.*/getdel$' ./analyzers

func TestDoc_summaryLine(t *testing.T) {
	if !strings.HasPrefix(getdel.Analyzer.Doc, "getdel: ") {
		t.Errorf("Doc = %q, want the extracted doc.go text, summary line first", getdel.Analyzer.Doc)
	}
}
