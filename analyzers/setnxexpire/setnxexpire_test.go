package setnxexpire_test

import (
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/setnxexpire"
)

// TestFixtures_src/setnxexpire and TestFixtures_clients/setnxexpire in
// ../fixtures_test.go check setnxexpire against the `// want` comments and
// golden files of its fixtures; their rows name the packages. The fixture
// modules are loaded there once for every analyzer. Run them alone with
//
//	go test -run 'TestFixtures_.*/setnxexpire$' ./analyzers

func TestDoc_summaryLine(t *testing.T) {
	if !strings.HasPrefix(setnxexpire.Analyzer.Doc, "setnxexpire: ") {
		t.Errorf("Doc = %q, want the extracted doc.go text, summary line first", setnxexpire.Analyzer.Doc)
	}
}
