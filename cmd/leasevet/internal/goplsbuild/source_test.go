package goplsbuild

import (
	"strings"
	"testing"
)

func TestBuilder_resolveLeasevetSrc_requiresLeasevetModule(t *testing.T) {
	var log strings.Builder
	b := &builder{Config: Config{Go: "go", Log: &log}}
	if err := b.resolveLeasevetSrc(); err != nil {
		t.Fatalf("from the test binary's source: %v", err)
	}
	if !isLeasevetModule(b.LeasevetSrc) {
		t.Errorf("resolved %q, which is not leasevet's module root", b.LeasevetSrc)
	}
	b = &builder{Config: Config{Go: "go", Log: &log, LeasevetSrc: t.TempDir()}}
	if err := b.resolveLeasevetSrc(); err == nil || !strings.Contains(err.Error(), ModulePath) {
		t.Errorf("a directory without leasevet's go.mod: err = %v", err)
	}
}
