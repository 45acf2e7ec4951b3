package locktoken_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/locktoken"
)

// TestFixtures_src/locktoken and TestFixtures_clients/locktoken in
// ../fixtures_test.go check locktoken against the `// want` comments and
// golden files of its fixtures; their rows name the packages. The fixture
// modules are loaded there once for every analyzer. Run them alone with
//
//	go test -run 'TestFixtures_.*/locktoken$' ./analyzers

func TestDoc_summaryLine(t *testing.T) {
	if !strings.HasPrefix(locktoken.Analyzer.Doc, "locktoken: ") {
		t.Errorf("Doc = %q, want the extracted doc.go text, summary line first", locktoken.Analyzer.Doc)
	}
}
