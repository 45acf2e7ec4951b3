package safelock_test

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

// Without WithFencing, the acquire is one SET NX PX and leaves nothing behind.
func TestObtain_plainSetNX(t *testing.T) {
	c, rec, inspect := recordedClient(t)
	ctx := testCtx(t)
	l, err := safelock.Obtain(ctx, c, "k", 1500*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"set", "k", l.Token(), "px", "1500", "NX"}
	if got := rec.args(); len(got) != 1 || !slices.Equal(got[0], want) {
		t.Fatalf("Obtain sent %q; want one %q", got, want)
	}
	if f, ok := l.Fence(); ok || f != 0 {
		t.Fatalf("Fence without fencing = %d, %v; want 0, false", f, ok)
	}
	if v := inspect.Get(ctx, "k").Val(); v != l.Token() {
		t.Fatalf("key = %q; want the token %q", v, l.Token())
	}
	if err := l.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if keys := inspect.Keys(ctx, "*").Val(); len(keys) != 0 {
		t.Fatalf("keys left after an unfenced lock's release: %q", keys)
	}
	// A key whose braces allow no same-slot fence key is fine unfenced.
	if _, err := safelock.Obtain(ctx, c, "a}b", time.Minute); err != nil {
		t.Fatalf("Obtain %q without fencing = %v", "a}b", err)
	}
}

func TestObtain_fencedOneScript(t *testing.T) {
	c, rec, inspect := recordedClient(t)
	ctx := testCtx(t)
	if _, err := safelock.Obtain(ctx, c, "warm", time.Minute, safelock.WithFencing()); err != nil {
		t.Fatal(err) // loads the script, so the measured call is one EVALSHA
	}
	rec.names()
	l, err := safelock.Obtain(ctx, c, "k", time.Minute, safelock.WithFencing())
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.names(); !equalNames(got, "evalsha") {
		t.Fatalf("fenced Obtain sent %v; want one evalsha", got)
	}
	if mustFence(t, l) <= 0 {
		t.Fatalf("Fence = %d; want > 0", mustFence(t, l))
	}
	stored, _ := inspect.Get(ctx, "{k}:fence").Int64()
	if stored != mustFence(t, l) {
		t.Fatalf("fence key holds %d; Fence() = %d", stored, mustFence(t, l))
	}
}

// The fence counter moves only when the lock is really acquired.
func TestObtain_notObtained(t *testing.T) {
	c, _, inspect := recordedClient(t)
	ctx := testCtx(t)
	held, err := safelock.Obtain(ctx, c, "k", time.Minute, safelock.WithFencing())
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		_, err := safelock.Obtain(ctx, c, "k", time.Minute, safelock.WithFencing())
		if !errors.Is(err, safelock.ErrNotObtained) {
			t.Fatalf("second Obtain = %v; want ErrNotObtained", err)
		}
	}
	stored, _ := inspect.Get(ctx, "{k}:fence").Int64()
	if stored != mustFence(t, held) {
		t.Fatalf("fence key moved to %d on failed attempts; holder has %d", stored, mustFence(t, held))
	}
}

func TestObtain_fencesIncrease(t *testing.T) {
	c, _, _ := recordedClient(t)
	ctx := testCtx(t)
	var last int64
	for i := 0; i < 20; i++ {
		l, err := safelock.Obtain(ctx, c, "{order:1}", time.Minute, safelock.WithFencing())
		if err != nil {
			t.Fatal(err)
		}
		if mustFence(t, l) <= last {
			t.Fatalf("acquisition %d got fence %d after %d", i, mustFence(t, l), last)
		}
		last = mustFence(t, l)
		if err := l.Release(ctx); err != nil {
			t.Fatal(err)
		}
	}
}

// A lock obtained without fencing has no fence to show: Fence says so, and
// a resource check that takes both results refuses its write even against
// an empty store (highest fence 0), where a bare 0 would have passed
// "fence >= highest".
func TestLock_Fence_unfencedCannotPassCheck(t *testing.T) {
	c, _, _ := recordedClient(t)
	ctx := testCtx(t)
	l, err := safelock.Obtain(ctx, c, "k", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release(ctx)
	fence, fenced := l.Fence()
	if fenced || fence != 0 {
		t.Fatalf("Fence() = %d, %v without fencing; want 0, false", fence, fenced)
	}
	acct := &account{}
	if err := acct.deposit(fence, fenced, 1); !errors.Is(err, errNoFence) {
		t.Fatalf("deposit by an unfenced holder = %v; want errNoFence", err)
	}
	if acct.balance != 0 {
		t.Fatalf("balance = %d; the unfenced write was applied", acct.balance)
	}
	var none *safelock.Lock
	if _, ok := none.Fence(); ok {
		t.Fatal("a nil Lock reports a fence")
	}
}

// A counter ahead of the server clock (a clock that went back, or many
// acquisitions within a microsecond) still moves by one, and the clock
// raises a counter that is behind it.
func TestObtain_fenceCounterAheadOfClock(t *testing.T) {
	c, _, inspect := recordedClient(t)
	ctx := testCtx(t)
	const ahead = int64(1) << 52 // about year 2112 in microseconds
	if err := inspect.Set(ctx, "{k}:fence", ahead, 0).Err(); err != nil {
		t.Fatal(err)
	}
	for i := int64(1); i <= 3; i++ {
		l, err := safelock.Obtain(ctx, c, "k", time.Minute, safelock.WithFencing())
		if err != nil {
			t.Fatal(err)
		}
		if mustFence(t, l) != ahead+i {
			t.Fatalf("acquisition %d: fence %d; want %d", i, mustFence(t, l), ahead+i)
		}
		if stored, _ := inspect.Get(ctx, "{k}:fence").Int64(); stored != mustFence(t, l) {
			t.Fatalf("fence key holds %d; Fence() = %d", stored, mustFence(t, l))
		}
		if err := l.Release(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if err := inspect.Set(ctx, "{k}:fence", 5, 0).Err(); err != nil {
		t.Fatal(err)
	}
	l, err := safelock.Obtain(ctx, c, "k", time.Minute, safelock.WithFencing())
	if err != nil {
		t.Fatal(err)
	}
	if now := time.Now().UnixMicro(); mustFence(t, l) < now-int64(time.Hour/time.Microsecond) {
		t.Fatalf("fence %d was not raised to the server clock (about %d)", mustFence(t, l), now)
	}
}

// The fence key expires once the clock has passed its fence (plus the
// lock's ttl), and a fence issued after it expired is still larger than
// every earlier one: the clock floor issues it.
func TestObtain_fenceKeyExpiresSafely(t *testing.T) {
	c, _, inspect := recordedClient(t)
	ctx := testCtx(t)
	l, err := safelock.Obtain(ctx, c, "k", 50*time.Millisecond, safelock.WithFencing())
	if err != nil {
		t.Fatal(err)
	}
	first := mustFence(t, l)
	if ttl := inspect.PTTL(ctx, "{k}:fence").Val(); ttl <= 0 || ttl > 51*time.Millisecond {
		t.Fatalf("fence key PTTL = %v; want about the lock's ttl (50ms)", ttl)
	}
	_ = l.Release(ctx)
	for inspect.Exists(ctx, "{k}:fence").Val() != 0 {
		if ctx.Err() != nil {
			t.Fatal("the fence key never expired")
		}
		time.Sleep(10 * time.Millisecond)
	}
	l, err = safelock.Obtain(ctx, c, "k", time.Minute, safelock.WithFencing())
	if err != nil {
		t.Fatal(err)
	}
	if next := mustFence(t, l); next <= first {
		t.Fatalf("fence after the counter expired = %d; want above %d", next, first)
	}
}

// A counter far ahead of the clock keeps its key until the clock has
// caught up with it: its lead is added to the key's TTL.
func TestObtain_fenceKeyKeptWhileAhead(t *testing.T) {
	c, _, inspect := recordedClient(t)
	ctx := testCtx(t)
	lead := time.Hour
	ahead := time.Now().Add(lead).UnixMicro()
	if err := inspect.Set(ctx, "{k}:fence", ahead, 0).Err(); err != nil {
		t.Fatal(err)
	}
	l, err := safelock.Obtain(ctx, c, "k", time.Second, safelock.WithFencing())
	if err != nil {
		t.Fatal(err)
	}
	if f := mustFence(t, l); f != ahead+1 {
		t.Fatalf("fence = %d; want %d", f, ahead+1)
	}
	if ttl := inspect.PTTL(ctx, "{k}:fence").Val(); ttl < lead-time.Minute {
		t.Fatalf("fence key PTTL = %v; want at least the counter's lead over the clock (%v)", ttl, lead)
	}
}

// Fence keys stay in the lock key's cluster slot.
func TestObtain_fenceKeyHashTag(t *testing.T) {
	c, _, inspect := recordedClient(t)
	ctx := testCtx(t)
	for key, fenceKey := range map[string]string{
		"plain":        "{plain}:fence",
		"{user:7}:job": "{user:7}:job:fence",
		"a{b":          "{a{b}:fence",
	} {
		if _, err := safelock.Obtain(ctx, c, key, time.Minute, safelock.WithFencing()); err != nil {
			t.Fatalf("Obtain %q: %v", key, err)
		}
		if inspect.Exists(ctx, fenceKey).Val() != 1 {
			t.Errorf("lock %q: fence key %q missing", key, fenceKey)
		}
	}
	_, err := safelock.Obtain(ctx, c, "a}b", time.Minute, safelock.WithFencing())
	if err == nil {
		t.Fatal(`fenced Obtain "a}b" succeeded; no same-slot fence key exists`)
	}
	if _, err := safelock.Obtain(ctx, c, "a}b", time.Minute, safelock.WithFenceKey("a}b:f")); err != nil {
		t.Fatalf("Obtain with WithFenceKey = %v", err)
	}
}

func TestObtain_badInput(t *testing.T) {
	ctx := testCtx(t)
	c, _, _ := recordedClient(t)
	cases := map[string]func() (*safelock.Lock, error){
		"nil client": func() (*safelock.Lock, error) { return safelock.Obtain(ctx, nil, "k", time.Second) },
		"empty key":  func() (*safelock.Lock, error) { return safelock.Obtain(ctx, c, "", time.Second) },
		"zero ttl":   func() (*safelock.Lock, error) { return safelock.Obtain(ctx, c, "k", 0) },
		"margin": func() (*safelock.Lock, error) {
			return safelock.Obtain(ctx, c, "k", time.Second, safelock.WithDangerZone(time.Second))
		},
		"release timeout": func() (*safelock.Lock, error) {
			return safelock.Obtain(ctx, c, "rt-zero", time.Second, safelock.WithReleaseTimeout(0))
		},
		"negative release timeout": func() (*safelock.Lock, error) {
			return safelock.Obtain(ctx, c, "rt-negative", time.Second, safelock.WithReleaseTimeout(-time.Second))
		},
	}
	for name, call := range cases {
		l, err := call()
		if err == nil || l != nil {
			t.Errorf("%s: Obtain = %v, %v; want an error", name, l, err)
		}
	}
}

func TestObtain_retryUntilFree(t *testing.T) {
	c, _, _ := recordedClient(t)
	ctx := testCtx(t)
	held, err := safelock.Obtain(ctx, c, "k", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	var releases sync.WaitGroup
	defer releases.Wait()
	releaseLater := func(l *safelock.Lock) {
		releases.Add(1)
		go func() {
			defer releases.Done()
			time.Sleep(30 * time.Millisecond)
			if err := l.Release(ctx); err != nil {
				t.Error(err)
			}
		}()
	}
	releaseLater(held)
	for name, s := range map[string]safelock.RetryStrategy{
		"linear":      safelock.LinearBackoff(5 * time.Millisecond),
		"exponential": safelock.ExponentialBackoff(time.Millisecond, 20*time.Millisecond),
	} {
		l, err := safelock.Obtain(ctx, c, "k", time.Minute, safelock.WithRetry(s))
		if err != nil {
			t.Fatalf("%s: Obtain = %v", name, err)
		}
		releaseLater(l)
	}
}

func TestObtain_retryBoundedByContext(t *testing.T) {
	c, _, _ := recordedClient(t)
	if _, err := safelock.Obtain(testCtx(t), c, "k", time.Minute); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := safelock.Obtain(ctx, c, "k", time.Minute, safelock.WithRetry(safelock.ExponentialBackoff(time.Millisecond, 10*time.Millisecond)))
	if !errors.Is(err, safelock.ErrNotObtained) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Obtain = %v; want ErrNotObtained and DeadlineExceeded", err)
	}
}

// A context that ends while the acquire is in flight leaves its outcome
// unknown: Obtain reports ErrNotObtained and sends a conditional release in
// case the SET did land.
func TestObtain_contextEndsMidCall(t *testing.T) {
	c, rec, inspect := recordedClient(t)
	rec.setIntercept(func(ctx context.Context, cmd redis.Cmder, next redis.ProcessHook) (bool, error) {
		if cmd.Name() != "set" || !slices.Contains(cmd.Args(), any("NX")) {
			return false, nil
		}
		err := next(ctx, cmd) // the SET lands...
		if err == nil {
			<-ctx.Done() // ...but the reply is not read in time
			err = ctx.Err()
			cmd.SetErr(err)
		}
		return true, err
	})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := safelock.Obtain(ctx, c, "k", time.Minute)
	if !errors.Is(err, safelock.ErrNotObtained) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Obtain = %v; want ErrNotObtained and DeadlineExceeded", err)
	}
	if inspect.Exists(testCtx(t), "k").Val() != 0 {
		t.Fatal("the landed acquire was not released")
	}
	if names := rec.names(); slices.Contains(names, "del") {
		t.Fatalf("sent %v; want only conditional commands", names)
	}
}

func TestObtain_limitRetry(t *testing.T) {
	c, rec, _ := recordedClient(t)
	ctx := testCtx(t)
	if _, err := safelock.Obtain(ctx, c, "k", time.Minute); err != nil {
		t.Fatal(err)
	}
	rec.names()
	_, err := safelock.Obtain(ctx, c, "k", time.Minute,
		safelock.WithRetry(safelock.LimitRetry(safelock.LinearBackoff(time.Millisecond), 3)))
	if !errors.Is(err, safelock.ErrNotObtained) {
		t.Fatalf("Obtain = %v; want ErrNotObtained", err)
	}
	if got := rec.names(); len(got) != 4 {
		t.Fatalf("sent %v; want 1 attempt + 3 retries", got)
	}
}

func TestRetryStrategy_bounds(t *testing.T) {
	exp := safelock.ExponentialBackoff(2*time.Millisecond, 64*time.Millisecond)
	for failures := 1; failures < 100; failures++ {
		d, ok := exp.Backoff(failures)
		if !ok || d < 2*time.Millisecond || d > 64*time.Millisecond {
			t.Fatalf("Backoff(%d) = %v, %v; want within [2ms, 64ms]", failures, d, ok)
		}
	}
	if _, ok := safelock.NoRetry().Backoff(1); ok {
		t.Fatal("NoRetry retried")
	}
}

func TestLock_nilSafe(t *testing.T) {
	var l *safelock.Lock
	ctx := testCtx(t)
	if l.Key() != "" || l.Token() != "" || fenceOrZero(l) != 0 {
		t.Fatal("nil Lock has a key, token or fence")
	}
	if l.Context().Err() == nil {
		t.Fatal("nil Lock's Context is not cancelled")
	}
	if err := l.Release(ctx); !errors.Is(err, safelock.ErrNotObtained) {
		t.Fatalf("Release = %v", err)
	}
	if err := l.Refresh(ctx, time.Second); !errors.Is(err, safelock.ErrNotObtained) {
		t.Fatalf("Refresh = %v", err)
	}
	if _, err := l.TTL(ctx); !errors.Is(err, safelock.ErrNotObtained) {
		t.Fatalf("TTL = %v", err)
	}
}

func TestLock_Release_owner(t *testing.T) {
	c, _, inspect := recordedClient(t)
	ctx := testCtx(t)
	l, err := safelock.Obtain(ctx, c, "k", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if inspect.Exists(ctx, "k").Val() != 0 {
		t.Fatal("key exists after Release")
	}
	if l.Context().Err() == nil {
		t.Fatal("Context not cancelled by Release")
	}
	if err := l.Release(ctx); !errors.Is(err, safelock.ErrNotOwner) {
		t.Fatalf("second Release = %v; want ErrNotOwner", err)
	}
	if err := l.Refresh(ctx, time.Minute); !errors.Is(err, safelock.ErrLeaseLost) {
		t.Fatalf("Refresh after Release = %v; want ErrLeaseLost", err)
	}
}

func TestLock_Release_notOwner(t *testing.T) {
	c, _, inspect := recordedClient(t)
	ctx := testCtx(t)
	l, err := safelock.Obtain(ctx, c, "k", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	inspect.Set(ctx, "k", "next-owner", time.Minute)
	if err := l.Release(ctx); !errors.Is(err, safelock.ErrNotOwner) {
		t.Fatalf("Release = %v; want ErrNotOwner", err)
	}
	if v := inspect.Get(ctx, "k").Val(); v != "next-owner" {
		t.Fatalf("key = %q; the next owner's lock was deleted", v)
	}
}

func TestLock_TTL_afterRefreshAndLoss(t *testing.T) {
	c, _, inspect := recordedClient(t)
	ctx := testCtx(t)
	l, err := safelock.Obtain(ctx, c, "k", 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if ttl, err := l.TTL(ctx); err != nil || ttl <= 0 || ttl > 2*time.Second {
		t.Fatalf("TTL = %v, %v; want in (0, 2s]", ttl, err)
	}
	if err := l.Refresh(ctx, time.Hour); err != nil {
		t.Fatal(err)
	}
	if ttl, err := l.TTL(ctx); err != nil || ttl < time.Minute {
		t.Fatalf("TTL after Refresh = %v, %v; want about 1h", ttl, err)
	}
	inspect.Set(ctx, "k", "other", time.Minute)
	if _, err := l.TTL(ctx); !errors.Is(err, safelock.ErrNotOwner) {
		t.Fatalf("TTL of a lost lock = %v; want ErrNotOwner", err)
	}
	if err := l.Refresh(ctx, time.Hour); !errors.Is(err, safelock.ErrNotOwner) {
		t.Fatalf("Refresh of a lost lock = %v; want ErrNotOwner", err)
	}
	if !errors.Is(context.Cause(l.Context()), safelock.ErrLeaseLost) {
		t.Fatalf("Context cause = %v; want ErrLeaseLost", context.Cause(l.Context()))
	}
}

// Without renewal, Context ends at the danger zone while the server still
// holds the key: the work stops before anyone else can get the lock.
func TestLock_Context_dangerZone(t *testing.T) {
	c, _, inspect := recordedClient(t)
	ctx := testCtx(t)
	l, err := safelock.Obtain(ctx, c, "k", 1500*time.Millisecond, safelock.WithDangerZone(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-l.Context().Done():
	case <-ctx.Done():
		t.Fatal("Context never ended")
	}
	if !errors.Is(context.Cause(l.Context()), safelock.ErrLeaseLost) {
		t.Fatalf("cause = %v; want ErrLeaseLost", context.Cause(l.Context()))
	}
	if v := inspect.Get(ctx, "k").Val(); v != l.Token() {
		t.Fatalf("key = %q when Context ended; the server TTL ran out first", v)
	}
}

// Context is made on its first call. A holder that asks for it only after
// the lease ended gets a context that is already cancelled, with the cause
// of whatever ended the lease first.
func TestLock_Context_madeLate(t *testing.T) {
	c, rec, inspect := recordedClient(t)
	ctx := testCtx(t)
	type ending struct {
		name  string
		end   func(l *safelock.Lock)
		cause error
	}
	endings := []ending{
		{"danger zone", func(l *safelock.Lock) { time.Sleep(400 * time.Millisecond) }, safelock.ErrLeaseLost},
		{"released", func(l *safelock.Lock) {
			if err := l.Release(ctx); err != nil {
				t.Fatal(err)
			}
		}, context.Canceled},
		{"lost", func(l *safelock.Lock) {
			inspect.Set(ctx, l.Key(), "usurper", time.Minute)
			if err := l.Refresh(ctx, time.Minute); !errors.Is(err, safelock.ErrNotOwner) {
				t.Fatalf("Refresh of a lost lock = %v; want ErrNotOwner", err)
			}
		}, safelock.ErrNotOwner},
	}
	for _, e := range endings {
		t.Run(e.name, func(t *testing.T) {
			key := "late:" + e.name
			ttl, margin := time.Minute, 6*time.Second // a deadline far away
			if e.name == "danger zone" {
				ttl, margin = 500*time.Millisecond, 300*time.Millisecond
			}
			l, err := safelock.Obtain(ctx, c, key, ttl, safelock.WithDangerZone(margin))
			if err != nil {
				t.Fatal(err)
			}
			e.end(l)
			if l.Context().Err() == nil {
				t.Fatal("Context made after the lease ended is not cancelled")
			}
			if cause := context.Cause(l.Context()); !errors.Is(cause, e.cause) {
				t.Fatalf("cause = %v; want %v", cause, e.cause)
			}
			rec.names() // forget the commands so far
			if err := l.Refresh(ctx, time.Minute); !errors.Is(err, safelock.ErrLeaseLost) {
				t.Fatalf("Refresh after the lease ended = %v; want ErrLeaseLost", err)
			}
			if sent := rec.names(); len(sent) != 0 {
				t.Fatalf("Refresh after the lease ended sent %v", sent)
			}
		})
	}
}

// A refresh moves the deadline of a Context made later, and of one made
// earlier, whose timer is re-armed.
func TestLock_Context_followsRefresh(t *testing.T) {
	c, _, _ := recordedClient(t)
	ctx := testCtx(t)
	const ttl = 1500 * time.Millisecond // the refreshes must land within 1.4s
	early, err := safelock.Obtain(ctx, c, "early", ttl, safelock.WithDangerZone(100*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	late, err := safelock.Obtain(ctx, c, "late", ttl, safelock.WithDangerZone(100*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	earlyCtx := early.Context()
	for _, l := range []*safelock.Lock{early, late} {
		if err := l.Refresh(ctx, time.Minute); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(ttl)
	if earlyCtx.Err() != nil {
		t.Fatalf("Context made before the refresh ended at the old deadline: %v", context.Cause(earlyCtx))
	}
	if late.Context().Err() != nil {
		t.Fatalf("Context made after the refresh ended: %v", context.Cause(late.Context()))
	}
}

// The watchdog keeps a short lease alive well past its TTL.
func TestWithWatchdog_renews(t *testing.T) {
	c, _, inspect := recordedClient(t)
	ctx := testCtx(t)
	// Renewals every 300ms; each must land within 810ms of the previous one,
	// which leaves room for a loaded machine.
	l, err := safelock.Obtain(ctx, c, "k", 900*time.Millisecond, safelock.WithWatchdog())
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Second)
	if l.Context().Err() != nil {
		t.Fatalf("Context ended: %v", context.Cause(l.Context()))
	}
	if v := inspect.Get(ctx, "k").Val(); v != l.Token() {
		t.Fatalf("key = %q after 2 TTLs with the watchdog", v)
	}
	if err := l.Release(ctx); err != nil {
		t.Fatal(err)
	}
}

// A renewal that finds another owner cancels Context with ErrLeaseLost.
func TestWithWatchdog_leaseLost(t *testing.T) {
	c, _, inspect := recordedClient(t)
	ctx := testCtx(t)
	l, err := safelock.Obtain(ctx, c, "k", 2*time.Second, safelock.WithWatchdog(), safelock.WithDangerZone(time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	inspect.Set(ctx, "k", "usurper", time.Minute)
	select {
	case <-l.Context().Done():
	case <-ctx.Done():
		t.Fatal("Context never ended")
	}
	cause := context.Cause(l.Context())
	if !errors.Is(cause, safelock.ErrLeaseLost) || !errors.Is(cause, safelock.ErrNotOwner) {
		t.Fatalf("cause = %v; want ErrLeaseLost from a not-owner renewal", cause)
	}
	if v := inspect.Get(ctx, "k").Val(); v != "usurper" {
		t.Fatalf("key = %q; the watchdog touched the new owner's lock", v)
	}
}

// Release stops the watchdog and waits for its renewal in flight before the
// delete is sent: no renewal can follow the release. The order holds when
// the caller's context is already done too (the delete is detached from it,
// the stop is not affected).
func TestLock_Release_waitsForWatchdog(t *testing.T) {
	for name, releaseCtx := range releaseContexts() {
		t.Run(name, func(t *testing.T) { checkWatchdogOrder(t, releaseCtx(t)) })
	}
}

// checkWatchdogOrder holds a renewal in flight, releases with releaseCtx,
// and checks that the renewal ended before any release command and that
// the key is gone.
func checkWatchdogOrder(t *testing.T, releaseCtx context.Context) {
	c, rec, inspect := recordedClient(t)
	ctx := testCtx(t)
	var (
		mu     sync.Mutex
		events []string
	)
	note := func(e string) { mu.Lock(); events = append(events, e); mu.Unlock() }
	inRenewal := make(chan struct{}, 1)
	rec.setIntercept(func(ctx context.Context, cmd redis.Cmder, next redis.ProcessHook) (bool, error) {
		switch {
		case isRenewal(cmd):
			note("renewal start")
			select {
			case inRenewal <- struct{}{}:
			default:
			}
			<-ctx.Done() // a renewal stuck on a slow server until cancelled
			note("renewal end")
			cmd.SetErr(ctx.Err())
			return true, ctx.Err()
		case isConditional(cmd):
			note("release " + cmd.Name())
		}
		return false, nil
	})
	l, err := safelock.Obtain(ctx, c, "k", 1500*time.Millisecond, safelock.WithWatchdog())
	if err != nil {
		t.Fatal(err)
	}
	<-inRenewal
	if err := l.Release(releaseCtx); err != nil {
		t.Fatalf("Release = %v", err)
	}
	if inspect.Exists(ctx, "k").Val() != 0 {
		t.Fatal("key still exists after Release")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(events) < 3 || events[0] != "renewal start" || events[1] != "renewal end" {
		t.Fatalf("events %v; want the renewal to end before any release command", events)
	}
	for _, e := range events[2:] {
		if e == "renewal start" {
			t.Fatalf("events %v: a renewal started after Release", events)
		}
	}
}

// isRenewal reports whether cmd is a refresh: SET IFEQ or the PEXPIRE script.
func isRenewal(cmd redis.Cmder) bool {
	if cmd.Name() == "set" {
		return slices.ContainsFunc(cmd.Args(), func(a any) bool { return a == "IFEQ" })
	}
	if cmd.Name() == "evalsha" || cmd.Name() == "eval" {
		// The refresh script is the only one with a TTL argument after the
		// token: args are name, script, numkeys, key, token, ttl.
		return len(cmd.Args()) == 6
	}
	return false
}

// Without the watchdog, Obtain starts no goroutine, even once Context is
// called: the danger-zone deadline is a timer.
func TestObtain_noGoroutineWithoutWatchdog(t *testing.T) {
	c, _, _ := recordedClient(t)
	ctx := testCtx(t)
	if _, err := safelock.Obtain(ctx, c, "warm", time.Minute); err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	locks := make([]*safelock.Lock, 0, 200)
	for i := 0; i < 200; i++ {
		l, err := safelock.Obtain(ctx, c, "k"+strconv.Itoa(i), time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		_ = l.Context() // arms the deadline timer
		locks = append(locks, l)
	}
	if after := runtime.NumGoroutine(); after-before > 20 {
		t.Fatalf("goroutines grew from %d to %d for 200 held locks", before, after)
	}
	for _, l := range locks {
		_ = l.Release(ctx)
	}
}

func TestObtain_concurrentOneWinner(t *testing.T) {
	c, _, _ := recordedClient(t)
	ctx := testCtx(t)
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		winners int
	)
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := safelock.Obtain(ctx, c, "k", time.Minute)
			if err == nil {
				mu.Lock()
				winners++
				mu.Unlock()
			} else if !errors.Is(err, safelock.ErrNotObtained) {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if winners != 1 {
		t.Fatalf("%d winners; want 1", winners)
	}
}

// mustFence returns l's fence, failing the test when l has none.
func mustFence(t *testing.T, l *safelock.Lock) int64 {
	t.Helper()
	f, ok := l.Fence()
	if !ok {
		t.Fatal("Fence() = _, false on a lock obtained WithFencing")
	}
	return f
}

// fenceOrZero returns l's fence, or 0 (and no failure) when it has none.
func fenceOrZero(l *safelock.Lock) int64 {
	f, _ := l.Fence()
	return f
}
