package driver

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/leasevet/leasevet/docs/checks"
)

// helpDriver is a driver whose analyzers carry the names of two of
// leasevet's, so that their pages in docs/checks are its checks.
func helpDriver() (*Driver, *bytes.Buffer, *bytes.Buffer) {
	run := func(*analysis.Pass) (any, error) { return nil, nil }
	var out, errb bytes.Buffer
	return &Driver{
		Name: "leasevet",
		Analyzers: []*analysis.Analyzer{
			{Name: "getdel", Doc: "getdel: check-then-act releases\n\nMore text.", Run: run},
			{Name: "baredel", Doc: "baredel: unconditional releases", Run: run},
		},
		Stdout: &out, Stderr: &errb,
	}, &out, &errb
}

func TestDriver_Main_helpCheckPrintsItsPage(t *testing.T) {
	cat, err := checks.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"get-del", "get-expire", "bare-del"} {
		d, out, errb := helpDriver()
		ch, _ := cat.Lookup(name)
		if code := d.Main([]string{"help", name}); code != ExitClean || out.String() != ch.Page || ch.Page == "" {
			t.Errorf("help %s: exit %d, stderr %q; stdout is the page: %t", name, code, errb, out.String() == ch.Page)
		}
	}
}

func TestDriver_Main_helpAnalyzerListsItsChecks(t *testing.T) {
	d, out, _ := helpDriver()
	if code := d.Main([]string{"help", "getdel"}); code != ExitClean {
		t.Fatalf("help getdel: exit %d", code)
	}
	for _, want := range []string{"More text.", "get-del ", "get-expire ", "owner checked in Go"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("help getdel lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out.String(), "bare-del") {
		t.Errorf("help getdel lists another analyzer's check:\n%s", out)
	}
}

func TestDriver_Main_helpUnknownNameListsTheValidOnes(t *testing.T) {
	// release-done-ctx has a page, but its analyzer is not in this
	// driver: it is not offered.
	for _, name := range []string{"bare-dell", "release-done-ctx", "setnx-expire"} {
		d, out, errb := helpDriver()
		code := d.Main([]string{"help", name})
		msg := errb.String()
		if code != ExitUsage || out.Len() != 0 || !strings.Contains(msg, `"`+name+`"`) ||
			!strings.Contains(msg, "analyzers: baredel, getdel\n") || !strings.Contains(msg, "checks: get-del, get-expire, bare-del\n") {
			t.Errorf("help %s: exit %d, stdout %q, stderr:\n%s", name, code, out, msg)
		}
	}
}
