package safelock_test

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

func TestNewToken_unique(t *testing.T) {
	urlSafe := regexp.MustCompile(`^[A-Za-z0-9_-]{22}$`)
	seen := map[string]bool{}
	for i := 0; i < 1000; i++ {
		tok := safelock.NewToken()
		if !urlSafe.MatchString(tok) {
			t.Fatalf("token %q is not 22 URL-safe base64 characters", tok)
		}
		if seen[tok] {
			t.Fatalf("token %q repeated", tok)
		}
		seen[tok] = true
	}
}

func TestRelease_owner(t *testing.T) {
	c, _, inspect := recordedClient(t)
	ctx := testCtx(t)
	tok := safelock.NewToken()
	inspect.Set(ctx, "k", tok, time.Minute)
	if err := safelock.Release(ctx, c, "k", tok); err != nil {
		t.Fatalf("Release = %v", err)
	}
	if n := inspect.Exists(ctx, "k").Val(); n != 0 {
		t.Fatal("key still exists after Release")
	}
}

func TestRelease_notOwner(t *testing.T) {
	c, rec, inspect := recordedClient(t)
	ctx := testCtx(t)
	inspect.Set(ctx, "k", "someone-else", time.Minute)
	err := safelock.Release(ctx, c, "k", safelock.NewToken())
	if !errors.Is(err, safelock.ErrNotOwner) {
		t.Fatalf("Release = %v; want ErrNotOwner", err)
	}
	if v := inspect.Get(ctx, "k").Val(); v != "someone-else" {
		t.Fatalf("key = %q; the other owner's lock was touched", v)
	}
	if names := rec.names(); slices.Contains(names, "del") || slices.Contains(names, "unlink") {
		t.Fatalf("commands %v include an unconditional delete", names)
	}
}

func TestRelease_missingKey(t *testing.T) {
	c, _, _ := recordedClient(t)
	err := safelock.Release(testCtx(t), c, "gone", safelock.NewToken())
	if !errors.Is(err, safelock.ErrNotOwner) {
		t.Fatalf("Release = %v; want ErrNotOwner", err)
	}
}

func TestRelease_badInput(t *testing.T) {
	ctx := testCtx(t)
	c := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1"})
	defer c.Close()
	var typedNil *redis.Client
	cases := map[string]func() error{
		"nil client":   func() error { return safelock.Release(ctx, nil, "k", "t") },
		"typed nil":    func() error { return safelock.Release(ctx, typedNil, "k", "t") },
		"empty key":    func() error { return safelock.Release(ctx, c, "", "t") },
		"empty token":  func() error { return safelock.Release(ctx, c, "k", "") },
		"refresh ttl":  func() error { return safelock.Refresh(ctx, c, "k", "t", 0) },
		"refresh nil":  func() error { return safelock.Refresh(ctx, nil, "k", "t", time.Second) },
		"negative ttl": func() error { return safelock.Refresh(ctx, c, "k", "t", -time.Second) },
		"pipeline":     func() error { return safelock.Release(ctx, c.Pipeline(), "k", "t") },
	}
	for name, call := range cases {
		err := call()
		if err == nil || !strings.HasPrefix(err.Error(), "safelock: ") {
			t.Errorf("%s: error = %v; want a safelock error", name, err)
		}
	}
}

// On a server without DELEX and SET IFEQ (redis-server 7.0 here) the first
// call probes the native command once, falls back to Lua, and every later
// call goes straight to EVALSHA.
func TestRelease_luaFallbackAfterProbe(t *testing.T) {
	c, rec, inspect := recordedClient(t)
	if serverSupports(t, inspect, "DELEX") {
		t.Skip("this server has DELEX; the fallback cannot be exercised")
	}
	ctx := testCtx(t)
	tok := safelock.NewToken()
	for i, want := range [][]string{{"delex", "evalsha", "eval"}, {"evalsha"}} {
		inspect.Set(ctx, "k", tok, time.Minute)
		rec.names()
		if err := safelock.Release(ctx, c, "k", tok); err != nil {
			t.Fatalf("Release #%d = %v", i+1, err)
		}
		if got := rec.names(); !equalNames(got, want...) {
			t.Fatalf("Release #%d sent %v; want %v", i+1, got, want)
		}
	}
	for i, want := range [][]string{{"set", "evalsha", "eval"}, {"evalsha"}} {
		inspect.Set(ctx, "k", tok, time.Minute)
		rec.names()
		if err := safelock.Refresh(ctx, c, "k", tok, time.Hour); err != nil {
			t.Fatalf("Refresh #%d = %v", i+1, err)
		}
		if got := rec.names(); !equalNames(got, want...) {
			t.Fatalf("Refresh #%d sent %v; want %v", i+1, got, want)
		}
	}
}

// A script cache flush (a restart, SCRIPT FLUSH, a failover) costs one
// NOSCRIPT reply and an EVAL, never a failure.
func TestRelease_noscriptFallback(t *testing.T) {
	c, rec, inspect := recordedClient(t)
	ctx := testCtx(t)
	tok := safelock.NewToken()
	inspect.Set(ctx, "k", tok, time.Minute)
	if err := safelock.Release(ctx, c, "k", tok); err != nil {
		t.Fatal(err)
	}
	if err := inspect.ScriptFlush(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	inspect.Set(ctx, "k", tok, time.Minute)
	rec.names()
	if err := safelock.Release(ctx, c, "k", tok); err != nil {
		t.Fatalf("Release after SCRIPT FLUSH = %v", err)
	}
	got := rec.names()
	if !slices.Contains(got, "eval") && !slices.Contains(got, "delex") {
		t.Fatalf("after SCRIPT FLUSH sent %v; want an EVAL fallback", got)
	}
}

// No server installed here implements SET IFEQ (Redis 8.4), so the native
// refresh is checked by its exact command line and its two reply shapes, with
// a hook standing in for the server.
func TestRefresh_nativeSetIFEQCommand(t *testing.T) {
	c, rec, _ := recordedClient(t)
	reply := "OK"
	rec.setIntercept(func(_ context.Context, cmd redis.Cmder, _ redis.ProcessHook) (bool, error) {
		sc, ok := cmd.(*redis.Cmd)
		if !ok || cmd.Name() != "set" {
			return false, nil
		}
		if reply == "" {
			sc.SetErr(redis.Nil)
			return true, redis.Nil
		}
		sc.SetVal(reply)
		return true, nil
	})
	ctx := testCtx(t)
	if err := safelock.Refresh(ctx, c, "k", "tok", 1500*time.Millisecond); err != nil {
		t.Fatalf("Refresh with an OK reply = %v", err)
	}
	reply = ""
	if err := safelock.Refresh(ctx, c, "k", "tok", 1500*time.Millisecond); !errors.Is(err, safelock.ErrNotOwner) {
		t.Fatalf("Refresh with a nil reply = %v; want ErrNotOwner", err)
	}
	want := []string{"set", "k", "tok", "IFEQ", "tok", "PX", "1500"}
	for _, got := range rec.args() {
		if !slices.Equal(got, want) {
			t.Fatalf("sent %q; want %q", got, want)
		}
	}
}

func TestRefresh_owner(t *testing.T) {
	c, _, inspect := recordedClient(t)
	ctx := testCtx(t)
	tok := safelock.NewToken()
	inspect.Set(ctx, "k", tok, time.Second)
	if err := safelock.Refresh(ctx, c, "k", tok, time.Hour); err != nil {
		t.Fatalf("Refresh = %v", err)
	}
	if ttl := inspect.PTTL(ctx, "k").Val(); ttl < time.Minute {
		t.Fatalf("PTTL after Refresh = %v; want about 1h", ttl)
	}
}

func TestRefresh_expiredNotRecreated(t *testing.T) {
	c, _, inspect := recordedClient(t)
	ctx := testCtx(t)
	err := safelock.Refresh(ctx, c, "k", safelock.NewToken(), time.Hour)
	if !errors.Is(err, safelock.ErrNotOwner) {
		t.Fatalf("Refresh of a missing key = %v; want ErrNotOwner", err)
	}
	if inspect.Exists(ctx, "k").Val() != 0 {
		t.Fatal("Refresh re-created an expired key")
	}
}

func TestRefresh_notOwner(t *testing.T) {
	c, _, inspect := recordedClient(t)
	ctx := testCtx(t)
	inspect.Set(ctx, "k", "other", time.Minute)
	err := safelock.Refresh(ctx, c, "k", safelock.NewToken(), time.Hour)
	if !errors.Is(err, safelock.ErrNotOwner) {
		t.Fatalf("Refresh = %v; want ErrNotOwner", err)
	}
	if ttl := inspect.PTTL(ctx, "k").Val(); ttl > time.Minute {
		t.Fatalf("the other owner's TTL was extended to %v", ttl)
	}
}

// isConditional reports whether cmd is one of the owner-checked commands.
func isConditional(cmd redis.Cmder) bool {
	switch cmd.Name() {
	case "delex", "evalsha", "eval":
		return true
	case "set":
		return slices.ContainsFunc(cmd.Args(), func(a any) bool { return a == "IFEQ" })
	}
	return false
}

// A release whose connection breaks before it reaches Redis is resolved by
// reading the key: still ours, so the same conditional delete is re-sent.
// The read-back and the re-send run under the release's detached context,
// so they work when the caller's context is already done too.
func TestRelease_unknownOutcomeStillOurs(t *testing.T) {
	for name, releaseCtx := range releaseContexts() {
		t.Run(name, func(t *testing.T) {
			c, rec, inspect := recordedClient(t)
			ctx := testCtx(t)
			tok := safelock.NewToken()
			inspect.Set(ctx, "k", tok, time.Minute)
			failed := false
			rec.setIntercept(func(_ context.Context, cmd redis.Cmder, _ redis.ProcessHook) (bool, error) {
				if failed || !isConditional(cmd) {
					return false, nil
				}
				failed = true
				cmd.SetErr(errReset)
				return true, errReset
			})
			if err := safelock.Release(releaseCtx(t), c, "k", tok); err != nil {
				t.Fatalf("Release = %v; want the retried delete to succeed", err)
			}
			names := rec.names()
			if !slices.Contains(names, "get") || slices.Contains(names, "del") {
				t.Fatalf("sent %v; want a GET to resolve the outcome and no DEL", names)
			}
			if inspect.Exists(ctx, "k").Val() != 0 {
				t.Fatal("key still exists")
			}
		})
	}
}

// A release that ran on the server but whose reply was lost reads back no
// key: the lease is reported lost, and nothing unconditional is sent.
func TestRelease_unknownOutcomeLost(t *testing.T) {
	c, rec, inspect := recordedClient(t)
	ctx := testCtx(t)
	tok := safelock.NewToken()
	inspect.Set(ctx, "k", tok, time.Minute)
	rec.setIntercept(func(ctx context.Context, cmd redis.Cmder, next redis.ProcessHook) (bool, error) {
		if !isConditional(cmd) {
			return false, nil
		}
		if err := next(ctx, cmd); err != nil {
			return true, err // not run (an unsupported native probe)
		}
		cmd.SetErr(errReset)
		return true, errReset
	})
	err := safelock.Release(ctx, c, "k", tok)
	if !errors.Is(err, safelock.ErrLeaseLost) {
		t.Fatalf("Release = %v; want ErrLeaseLost", err)
	}
	if names := rec.names(); slices.Contains(names, "del") {
		t.Fatalf("sent %v; want no DEL", names)
	}
}

// When even the read-back fails the caller learns the outcome is unknown,
// after a bounded number of attempts.
func TestRelease_unknownOutcomeUnresolved(t *testing.T) {
	c, rec, inspect := recordedClient(t)
	ctx := testCtx(t)
	tok := safelock.NewToken()
	inspect.Set(ctx, "k", tok, time.Minute)
	rec.setIntercept(func(_ context.Context, cmd redis.Cmder, _ redis.ProcessHook) (bool, error) {
		cmd.SetErr(errReset)
		return true, errReset
	})
	err := safelock.Release(ctx, c, "k", tok)
	if !errors.Is(err, safelock.ErrUnknownOutcome) {
		t.Fatalf("Release = %v; want ErrUnknownOutcome", err)
	}
	if names := rec.names(); len(names) > 8 || slices.Contains(names, "del") {
		t.Fatalf("sent %v; want a few GETs and no DEL", names)
	}
}

// A refresh whose reply is lost after it ran reads back our token and is
// re-sent; PEXPIRE twice is harmless.
func TestRefresh_unknownOutcomeResent(t *testing.T) {
	c, rec, inspect := recordedClient(t)
	ctx := testCtx(t)
	tok := safelock.NewToken()
	inspect.Set(ctx, "k", tok, time.Second)
	failed := false
	rec.setIntercept(func(ctx context.Context, cmd redis.Cmder, next redis.ProcessHook) (bool, error) {
		if failed || !isConditional(cmd) {
			return false, nil
		}
		if err := next(ctx, cmd); err != nil {
			return true, err // not run (an unsupported native probe)
		}
		failed = true
		cmd.SetErr(errReset)
		return true, errReset
	})
	if err := safelock.Refresh(ctx, c, "k", tok, time.Hour); err != nil {
		t.Fatalf("Refresh = %v", err)
	}
	if ttl := inspect.PTTL(ctx, "k").Val(); ttl < time.Minute {
		t.Fatalf("PTTL = %v; want about 1h", ttl)
	}
}

// No server installed here implements DELEX (Redis 8.4), so the native
// release is checked by its exact command line and its two replies, with a
// hook standing in for the server. It goes through the generic command path,
// which every go-redis v9 release has.
func TestRelease_nativeDelexCommand(t *testing.T) {
	c, rec, _ := recordedClient(t)
	reply := int64(1)
	rec.setIntercept(func(_ context.Context, cmd redis.Cmder, _ redis.ProcessHook) (bool, error) {
		gc, ok := cmd.(*redis.Cmd)
		if !ok || cmd.Name() != "delex" {
			return false, nil
		}
		gc.SetVal(reply)
		return true, nil
	})
	ctx := testCtx(t)
	if err := safelock.Release(ctx, c, "k", "tok"); err != nil {
		t.Fatalf("Release with reply 1 = %v", err)
	}
	reply = 0
	if err := safelock.Release(ctx, c, "k", "tok"); !errors.Is(err, safelock.ErrNotOwner) {
		t.Fatalf("Release with reply 0 = %v; want ErrNotOwner", err)
	}
	want := [][]string{{"delex", "k", "IFEQ", "tok"}, {"delex", "k", "IFEQ", "tok"}}
	if got := rec.args(); !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("sent %q; want only native DELEX IFEQ %q", got, want)
	}
}

// scriptsOnly is a Client without the generic command path (a wrapper that
// exposes only the interface's methods).
type scriptsOnly struct{ safelock.Client }

// A client that cannot send arbitrary commands uses the Lua scripts from the
// first call, without a probe.
func TestRelease_clientWithoutProcess(t *testing.T) {
	c, rec, inspect := recordedClient(t)
	ctx := testCtx(t)
	tok := safelock.NewToken()
	inspect.Set(ctx, "k", tok, time.Minute)
	if err := safelock.Refresh(ctx, &scriptsOnly{c}, "k", tok, time.Hour); err != nil {
		t.Fatalf("Refresh = %v", err)
	}
	if err := safelock.Release(ctx, &scriptsOnly{c}, "k", tok); err != nil {
		t.Fatalf("Release = %v", err)
	}
	for _, name := range rec.names() {
		if name != "evalsha" && name != "eval" {
			t.Fatalf("sent %q; want only the Lua scripts", name)
		}
	}
}
