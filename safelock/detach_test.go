package safelock_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

// The release runs detached from the caller's cancellation: a deferred
// Release(ctx) whose request was cancelled, or whose deadline passed, still
// frees the key instead of leaving it to its TTL.

// traceKey carries a value through the caller's context, as tracing or
// logging middleware does; the release must keep it.
type traceKey struct{}

// doneContexts are the two ways a request context is over when the deferred
// release runs. Each carries a traceKey value.
func doneContexts() map[string]func() context.Context {
	base := context.WithValue(context.Background(), traceKey{}, "request-7")
	return map[string]func() context.Context{
		"cancelled": func() context.Context {
			ctx, cancel := context.WithCancel(base)
			cancel()
			return ctx
		},
		"past deadline": func() context.Context {
			ctx, cancel := context.WithDeadline(base, time.Now().Add(-time.Second))
			cancel()
			return ctx
		},
	}
}

// releaseContexts are a live caller context and a cancelled one, for the
// tests whose outcome must not depend on which of the two a release gets.
func releaseContexts() map[string]func(t *testing.T) context.Context {
	return map[string]func(t *testing.T) context.Context{
		"live":      testCtx,
		"cancelled": func(*testing.T) context.Context { return doneContexts()["cancelled"]() },
	}
}

// seenByRelease records, for every owner-checked command sent, whether its
// context carried the caller's value and was live.
func seenByRelease(rec *recorder) func() []string {
	var mu sync.Mutex
	var seen []string
	rec.setIntercept(func(ctx context.Context, cmd redis.Cmder, _ redis.ProcessHook) (bool, error) {
		if isConditional(cmd) {
			v, _ := ctx.Value(traceKey{}).(string)
			mu.Lock()
			seen = append(seen, v+" live="+strconv.FormatBool(ctx.Err() == nil))
			mu.Unlock()
		}
		return false, nil
	})
	return func() []string { mu.Lock(); defer mu.Unlock(); return append([]string(nil), seen...) }
}

func TestRelease_doneContextFreesKey(t *testing.T) {
	for name, done := range doneContexts() {
		t.Run(name, func(t *testing.T) {
			c, rec, inspect := recordedClient(t)
			seen := seenByRelease(rec)
			ctx := testCtx(t)
			tok := safelock.NewToken()
			inspect.Set(ctx, "k", tok, time.Minute)
			if err := safelock.Release(done(), c, "k", tok); err != nil {
				t.Fatalf("Release with a %s context = %v", name, err)
			}
			if inspect.Exists(ctx, "k").Val() != 0 {
				t.Fatalf("key kept after a Release with a %s context", name)
			}
			sent := seen()
			if len(sent) == 0 {
				t.Fatal("no owner-checked command was sent")
			}
			for _, s := range sent {
				if s != "request-7 live=true" {
					t.Fatalf("a release command ran with %q; want the caller's value on a live context", s)
				}
			}
		})
	}
}

func TestLock_Release_doneContextFreesKey(t *testing.T) {
	for name, done := range doneContexts() {
		t.Run(name, func(t *testing.T) {
			c, _, inspect := recordedClient(t)
			ctx := testCtx(t)
			l, err := safelock.Obtain(ctx, c, "k", time.Minute, safelock.WithWatchdog())
			if err != nil {
				t.Fatal(err)
			}
			if err := l.Release(done()); err != nil {
				t.Fatalf("Release with a %s context = %v", name, err)
			}
			if inspect.Exists(ctx, "k").Val() != 0 {
				t.Fatalf("key kept after a Release with a %s context", name)
			}
			if cause := context.Cause(l.Context()); !errors.Is(cause, context.Canceled) {
				t.Fatalf("Context cause = %v; want released", cause)
			}
			if err := l.Release(ctx); !errors.Is(err, safelock.ErrNotOwner) {
				t.Fatalf("second Release = %v; want ErrNotOwner (already released)", err)
			}
		})
	}
}

// A refresh does not detach: a refresh with a done context is the caller's
// choice to stop renewing, so the TTL is unchanged and the lease is still
// held.
func TestRefresh_doneContextNotDetached(t *testing.T) {
	c, _, inspect := recordedClient(t)
	ctx := testCtx(t)
	l, err := safelock.Obtain(ctx, c, "k", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Refresh(doneContexts()["cancelled"](), time.Hour); !errors.Is(err, context.Canceled) {
		t.Fatalf("Refresh with a cancelled context = %v; want context.Canceled", err)
	}
	if ttl := inspect.PTTL(ctx, "k").Val(); ttl > time.Minute {
		t.Fatalf("PTTL = %v: a refresh with a cancelled context extended the lease", ttl)
	}
	if l.Context().Err() != nil {
		t.Fatalf("a refused refresh ended the lease: %v", context.Cause(l.Context()))
	}
}

// pauseServer makes the server stop answering every client for d (CLIENT
// PAUSE ALL): commands are read and queued, no reply comes. A server that
// hangs this way is what the release's own bound is for.
func pauseServer(t *testing.T, inspect *redis.Client, d time.Duration) {
	t.Helper()
	if err := inspect.Do(testCtx(t), "CLIENT", "PAUSE", d.Milliseconds(), "ALL").Err(); err != nil {
		t.Fatalf("CLIENT PAUSE: %v", err)
	}
}

// readTimeout is the plain client's: go-redis ends a read the server never
// answers after this long, whatever the context says.
const readTimeout = time.Second

// pausedClients are the two ways a client bounds a read the server never
// answers. With ContextTimeoutEnabled the context's deadline (the
// release's bound) ends it; its 30s read timeout never comes into play.
// Without it go-redis ends the read at its ReadTimeout, so a release may
// take its bound plus one read timeout. Both keep go-redis's default
// retries. overrun is what each may add to the bound.
func pausedClients() map[string]struct {
	opts    redis.Options
	overrun time.Duration
} {
	return map[string]struct {
		opts    redis.Options
		overrun time.Duration
	}{
		"ContextTimeoutEnabled": {redis.Options{ContextTimeoutEnabled: true, ReadTimeout: 30 * time.Second}, 0},
		"ReadTimeout":           {redis.Options{ReadTimeout: readTimeout}, readTimeout},
	}
}

func clientWith(t *testing.T, addr string, opts redis.Options) *redis.Client {
	opts.Addr = addr
	c := redis.NewClient(&opts)
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// boundSlack is how much longer than its bound (and overrun) a release may
// take here: far below the pause and the 30s read timeout, so the
// assertion is about the bound, not about the machine's speed.
const boundSlack = time.Second

// checkBounded fails t unless err is an unknown outcome and took at most
// bound + boundSlack.
func checkBounded(t *testing.T, err error, took, bound time.Duration) {
	t.Helper()
	if !errors.Is(err, safelock.ErrUnknownOutcome) {
		t.Fatalf("Release to a paused server = %v; want ErrUnknownOutcome", err)
	}
	if took > bound+boundSlack {
		t.Fatalf("Release to a paused server returned after %v; its bound is %v", took, bound)
	}
}

func TestLock_Release_timeoutBound(t *testing.T) {
	t.Parallel()
	for name, pc := range pausedClients() {
		pc := pc // safelock's go line is 1.21: one variable per loop
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			addr := startServer(t)
			c, inspect := clientWith(t, addr, pc.opts), newClient(t, addr)
			ctx := testCtx(t)
			const bound = 300 * time.Millisecond
			l, err := safelock.Obtain(ctx, c, "k", time.Minute, safelock.WithReleaseTimeout(bound))
			if err != nil {
				t.Fatal(err)
			}
			pauseServer(t, inspect, 8*time.Second)
			start := time.Now()
			err = l.Release(ctx)
			checkBounded(t, err, time.Since(start), bound+pc.overrun)
			if !errors.Is(context.Cause(l.Context()), safelock.ErrLeaseLost) {
				t.Fatalf("Context cause after an unanswered release = %v; want ErrLeaseLost", context.Cause(l.Context()))
			}
		})
	}
}

// Without WithReleaseTimeout the bound is the default, clamped to the
// lease's ttl: a release never waits longer than a whole lease.
func TestLock_Release_boundedByTTL(t *testing.T) {
	t.Parallel()
	addr := startServer(t)
	c, inspect := clientWith(t, addr, pausedClients()["ContextTimeoutEnabled"].opts), newClient(t, addr)
	ctx := testCtx(t)
	const ttl = 400 * time.Millisecond
	l, err := safelock.Obtain(ctx, c, "k", ttl)
	if err != nil {
		t.Fatal(err)
	}
	pauseServer(t, inspect, 5*time.Second)
	start := time.Now()
	err = l.Release(ctx)
	checkBounded(t, err, time.Since(start), ttl)
}

// The package function has no lease to clamp to: DefaultReleaseTimeout
// bounds it, and its error says so.
func TestRelease_defaultTimeoutBound(t *testing.T) {
	t.Parallel()
	addr := startServer(t)
	c, inspect := clientWith(t, addr, pausedClients()["ContextTimeoutEnabled"].opts), newClient(t, addr)
	ctx := testCtx(t)
	tok := safelock.NewToken()
	if err := c.Set(ctx, "k", tok, time.Minute).Err(); err != nil { // warms c's connection
		t.Fatal(err)
	}
	pauseServer(t, inspect, safelock.DefaultReleaseTimeout+3*time.Second)
	start := time.Now()
	err := safelock.Release(ctx, c, "k", tok)
	checkBounded(t, err, time.Since(start), safelock.DefaultReleaseTimeout)
	if !strings.Contains(err.Error(), "no answer within "+safelock.DefaultReleaseTimeout.String()) {
		t.Fatalf("error %q does not say which bound passed", err)
	}
}
