package safelocktest_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

// miniredis v2.40.0 implements DELEX IFEQ (but not SET IFEQ), so it is the
// server here that exercises the native release honestly.
func TestRelease_nativeDelex(t *testing.T) {
	m := miniredis.RunT(t)
	rec := &recorder{}
	c := redis.NewClient(&redis.Options{Addr: m.Addr()})
	defer c.Close()
	c.AddHook(rec)
	ctx := testCtx(t)
	tok := safelock.NewToken()
	if err := m.Set("k", tok); err != nil {
		t.Fatal(err)
	}
	if err := safelock.Release(ctx, c, "k", tok); err != nil {
		t.Fatalf("Release = %v", err)
	}
	if m.Exists("k") {
		t.Fatal("key still exists after native Release")
	}
	if err := m.Set("k", "other"); err != nil {
		t.Fatal(err)
	}
	if err := safelock.Release(ctx, c, "k", tok); !errors.Is(err, safelock.ErrNotOwner) {
		t.Fatalf("Release of a foreign key = %v; want ErrNotOwner", err)
	}
	if v, _ := m.Get("k"); v != "other" {
		t.Fatalf("foreign key = %q after a refused native release", v)
	}
	got := rec.args()
	want := [][]string{{"delex", "k", "IFEQ", tok}, {"delex", "k", "IFEQ", tok}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("sent %q; want only native DELEX IFEQ %q", got, want)
	}
}

// miniredis rejects SET ... IFEQ with a syntax error, which must read as
// "not supported" and fall back to Lua without failing the call.
func TestRefresh_syntaxErrorFallsBack(t *testing.T) {
	m := miniredis.RunT(t)
	c := redis.NewClient(&redis.Options{Addr: m.Addr()})
	defer c.Close()
	tok := safelock.NewToken()
	if err := m.Set("k", tok); err != nil {
		t.Fatal(err)
	}
	if err := safelock.Refresh(testCtx(t), c, "k", tok, time.Minute); err != nil {
		t.Fatalf("Refresh = %v", err)
	}
	if ttl := m.TTL("k"); ttl != time.Minute {
		t.Fatalf("TTL after Refresh = %v; want 1m", ttl)
	}
}
