package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestRun_badUsage(t *testing.T) {
	for _, args := range [][]string{
		{},                                   // no module
		{"-kinds", "extract-args", "mod"},    // a misspelt kind
		{"-threshold", "1.5", "mod"},         // out of range
		{"-thresold", "0.9", "mod"},          // an unknown flag
		{"-leasevet", "/no/such/bin", "mod"}, // no analyzer
	} {
		var stdout, stderr bytes.Buffer
		if got := run(args, &stdout, &stderr); got != 2 {
			t.Errorf("run(%q) = %d, want 2; stderr:\n%s", args, got, stderr.String())
		}
		if stderr.Len() == 0 {
			t.Errorf("run(%q) said nothing on stderr", args)
		}
	}
}

func TestSelectKinds(t *testing.T) {
	kinds, err := selectKinds("embed-lua, rename-locals")
	if err != nil || len(kinds) != 2 || kinds[0].Name() != "embed-lua" || kinds[1].Name() != "rename-locals" {
		t.Fatalf("selectKinds = %v, %v; want embed-lua and rename-locals", kinds, err)
	}
	if _, err := selectKinds("embed-lua,nope"); err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("selectKinds with an unknown kind: %v, want an error naming it", err)
	}
}
