package safelocktest_test

import (
	"context"
	"errors"
	"flag"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/leasevet/leasevet/internal/faultproxy"
	"github.com/leasevet/leasevet/internal/redistest"
	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

// The fault suite runs real workers against the fenced store while a fault
// is injected, each scenario bounded to a few seconds. Writers deliberately
// sometimes write after their lease may have ended (a pause between the
// Context check and the write), which is what fencing exists for.
//
// No scenario may pass vacuously: each checks that its fault was applied
// (the proxy's latency measured, connections reset, the lock lost), and
// that something went wrong that the lock had to handle: a stale write
// attempted and rejected, a release answered ErrNotOwner or ErrLeaseLost,
// or a release that got no answer (ErrUnknownOutcome) with the key still
// held. go test -faults=false runs every scenario without its
// fault, and each then fails, which shows that its checks can fail.

// injectFaults switches each scenario's fault injection off when false.
var injectFaults = flag.Bool("faults", true, "inject each fault scenario's fault (false: show that every scenario then fails)")

func startProxy(t *testing.T, target string) *faultproxy.Proxy {
	t.Helper()
	p, err := faultproxy.Start(target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Close() })
	return p
}

func proxiedClient(t *testing.T, p *faultproxy.Proxy, maxRetries int) *redis.Client {
	t.Helper()
	c := redis.NewClient(&redis.Options{Addr: p.Addr(), MaxRetries: maxRetries,
		DialTimeout: 500 * time.Millisecond, ReadTimeout: 300 * time.Millisecond, WriteTimeout: 300 * time.Millisecond})
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// workload is the shared loop of the fault scenarios.
type workload struct {
	key      string
	ttl      time.Duration
	store    *fencedStore
	lateness time.Duration // extra delay before some writes
	nextID   atomic.Int64

	mu       sync.Mutex
	outcomes map[string]int // Release results by kind
}

// run makes one worker obtain, write a few times (some late), and release
// until ctx ends.
func (w *workload) run(ctx context.Context, t *testing.T, c safelock.Client) {
	retry := safelock.WithRetry(safelock.ExponentialBackoff(2*time.Millisecond, 40*time.Millisecond))
	for ctx.Err() == nil {
		octx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		h, err := obtainHolder(octx, c, int(w.nextID.Add(1)), w.key, w.ttl, retry)
		cancel()
		if err != nil {
			continue // held by another worker, or a fault: try again
		}
		for i := 0; i < 3 && h.lock.Context().Err() == nil; i++ {
			if rand.IntN(4) == 0 {
				time.Sleep(w.lateness) // paused after the check, before the write
			}
			w.store.write(h)
			time.Sleep(5 * time.Millisecond)
		}
		w.record(t, h.lock.Release(context.Background()))
	}
}

// record classifies a Release result; every failure must be one of the
// package's documented outcomes.
func (w *workload) record(t *testing.T, err error) {
	kind := "ok"
	switch {
	case err == nil:
	case errors.Is(err, safelock.ErrNotOwner):
		kind = "not owner"
	case errors.Is(err, safelock.ErrLeaseLost):
		kind = "lease lost"
	case errors.Is(err, safelock.ErrUnknownOutcome):
		kind = "unknown"
	default:
		t.Errorf("Release returned an unclassified error: %v", err)
		kind = "other"
	}
	w.mu.Lock()
	w.outcomes[kind]++
	w.mu.Unlock()
}

// runWorkers runs the workload on every client for d.
func (w *workload) runWorkers(t *testing.T, d time.Duration, clients ...safelock.Client) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var wg sync.WaitGroup
	for _, c := range clients {
		wg.Add(1)
		go func() { defer wg.Done(); w.run(ctx, t, c) }()
	}
	wg.Wait()
}

func (w *workload) check(t *testing.T) {
	t.Helper()
	accepted, rejected, stale := w.store.counts()
	t.Logf("writes accepted %d, rejected %d, stale accepted %d; releases %v", accepted, rejected, stale, w.outcomes)
	if stale != 0 {
		t.Fatalf("%d stale writes accepted", stale)
	}
	if accepted == 0 {
		t.Fatal("no write was accepted: the scenario did no work")
	}
	if lost := w.outcomes["not owner"] + w.outcomes["lease lost"]; rejected == 0 && lost == 0 {
		t.Fatal("no stale write was rejected and no release found the lease lost: nothing went wrong, the scenario proved nothing")
	}
}

// checkStaleRejected fails the test unless store rejected at least one
// write: in the scenarios that lose a lock on purpose, the stale holder's
// write must have been attempted and refused.
func checkStaleRejected(t *testing.T, store *fencedStore) {
	t.Helper()
	accepted, rejected, stale := store.counts()
	if stale != 0 {
		t.Fatalf("%d stale writes accepted", stale)
	}
	if rejected == 0 {
		t.Fatalf("no stale write was rejected (%d accepted): the scenario proved nothing", accepted)
	}
}

// checkLatencyApplied times one PING through the proxy on a warm
// connection: with the latency applied, the round trip takes at least the
// injected delay (the proxy sleeps before forwarding each chunk, each
// way). A lower bound, so the machine's speed cannot make it flaky.
func checkLatencyApplied(t *testing.T, c *redis.Client, latency time.Duration) {
	t.Helper()
	ctx := testCtx(t)
	if err := c.Ping(ctx).Err(); err != nil { // dials: not part of the round trip
		t.Fatal(err)
	}
	start := time.Now()
	if err := c.Ping(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	if rtt := time.Since(start); rtt < latency {
		t.Fatalf("a round trip through the proxy took %v, less than the injected %v: the latency was not applied", rtt, latency)
	}
}

func newWorkload(key string, ttl, lateness time.Duration) *workload {
	return &workload{key: key, ttl: ttl, store: newFencedStore(), lateness: lateness, outcomes: map[string]int{}}
}

func TestObtain_faultLatency(t *testing.T) {
	redistest.RequireReal(t) // the workload loses leases by expiry: miniredis expires keys only when told to
	const latency = 20 * time.Millisecond
	s := redistest.Start(t)
	p := startProxy(t, s.Addr())
	if *injectFaults {
		p.SetLatency(latency)
	}
	a, b := proxiedClient(t, p, 0), proxiedClient(t, p, 0)
	checkLatencyApplied(t, a, latency)
	w := newWorkload("latency", 150*time.Millisecond, 200*time.Millisecond)
	w.runWorkers(t, 2*time.Second, a, b, s.Client())
	w.check(t)
}

func TestObtain_faultConnectionResets(t *testing.T) {
	redistest.RequireReal(t) // the workload loses leases by expiry: miniredis expires keys only when told to
	s := redistest.Start(t)
	p := startProxy(t, s.Addr())
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(15 * time.Millisecond):
				if *injectFaults {
					p.ResetAll()
				}
			}
		}
	}()
	w := newWorkload("resets", 150*time.Millisecond, 200*time.Millisecond)
	w.runWorkers(t, 2*time.Second, proxiedClient(t, p, -1), proxiedClient(t, p, 2), s.Client())
	close(stop)
	if p.Resets() == 0 {
		t.Fatal("no connection was reset")
	}
	w.check(t)
}

// A holder paused past its TTL wakes up believing nothing happened; its
// Context says otherwise, its release is refused, and the resource rejects
// its write.
func TestObtain_faultClientPause(t *testing.T) {
	redistest.RequireReal(t) // miniredis expires keys only when told to
	s := redistest.Start(t)
	c := s.Client()
	ctx := testCtx(t)
	store := newFencedStore()
	a, err := obtainHolder(ctx, c, 1, "pause", 200*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if !store.write(a) {
		t.Fatal("first holder's write rejected")
	}
	if *injectFaults {
		time.Sleep(400 * time.Millisecond) // the pause: longer than the TTL
	}
	b, err := obtainHolder(ctx, c, 2, "pause", time.Minute)
	if err != nil {
		t.Fatalf("second holder: %v", err)
	}
	if !store.write(b) {
		t.Fatal("new holder's write rejected")
	}
	if store.write(a) {
		t.Fatal("the paused holder's stale write was accepted")
	}
	if !errors.Is(context.Cause(a.lock.Context()), safelock.ErrLeaseLost) {
		t.Fatalf("paused holder's Context cause = %v; want ErrLeaseLost", context.Cause(a.lock.Context()))
	}
	if err := a.lock.Release(ctx); !errors.Is(err, safelock.ErrNotOwner) {
		t.Fatalf("paused holder's Release = %v; want ErrNotOwner", err)
	}
	if v := c.Get(ctx, "pause").Val(); v != b.lock.Token() {
		t.Fatal("the paused holder's release touched the new holder's lock")
	}
	checkStaleRejected(t, store)
}

// A restart without persistence forgets the lock and the fence counter; the
// clock floor keeps the new holder's fence above the old one, so the store
// still rejects the old holder and accepts the new one.
func TestObtain_faultRedisRestart(t *testing.T) {
	s := redistest.Start(t)
	c := s.ClientWith(func(o *redis.Options) { o.MaxRetries = 5 })
	ctx := testCtx(t)
	store := newFencedStore()
	a, err := obtainHolder(ctx, c, 1, "restart", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	store.write(a)
	if *injectFaults {
		s.Restart()
	}
	b, err := obtainHolder(ctx, c, 2, "restart", time.Minute)
	if err != nil {
		t.Fatalf("Obtain after restart: %v", err)
	}
	if b.fence <= a.fence {
		t.Fatalf("fence after restart %d is not above %d", b.fence, a.fence)
	}
	if !store.write(b) {
		t.Fatal("new holder's write rejected after the restart")
	}
	if store.write(a) {
		t.Fatal("old holder's write accepted after the restart")
	}
	if err := a.lock.Refresh(ctx, time.Minute); !errors.Is(err, safelock.ErrNotOwner) {
		t.Fatalf("old holder's Refresh = %v; want ErrNotOwner", err)
	}
	checkStaleRejected(t, store)
}

// waitReplicaLink waits until the replica reports its link to the primary up.
func waitReplicaLink(t *testing.T, replica *redis.Client) {
	t.Helper()
	ctx := testCtx(t)
	for {
		info, err := replica.Info(ctx, "replication").Result()
		if err == nil && strings.Contains(info, "master_link_status:up") {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("replica link never came up: %v\n%s", err, info)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// warmFenceCounter makes a first fenced acquisition on primary and waits
// until its one replica has it, so that the fence counter is replicated, as
// in a long-lived deployment.
func warmFenceCounter(ctx context.Context, t *testing.T, primary *redis.Client) {
	t.Helper()
	warm, err := safelock.Obtain(ctx, primary, "job", time.Minute, safelock.WithFencing())
	if err != nil {
		t.Fatal(err)
	}
	if err := warm.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if n, err := primary.Wait(ctx, 1, 5*time.Second).Result(); err != nil || n != 1 {
		t.Fatalf("WAIT before the fault = %d, %v; want 1 replica", n, err)
	}
}

// The failover that asynchronous replication allows: the primary grants the
// lock, dies before the replica sees it, and the promoted replica grants it
// again. Two clients hold the lock at once; only fencing protects the
// resource.
func TestObtain_faultFailover(t *testing.T) {
	redistest.RequireReal(t)
	primary := redistest.Start(t, "--repl-diskless-sync-delay", "0")
	link := startProxy(t, primary.Addr()) // the replication link, so it can be held
	host, port, _ := strings.Cut(link.Addr(), ":")
	replica := redistest.Start(t, "--replicaof", host, port)
	ctx := testCtx(t)
	pc, rc := primary.Client(), replica.Client()
	waitReplicaLink(t, rc)
	warmFenceCounter(ctx, t, pc)

	store := newFencedStore()
	if *injectFaults {
		link.Hold() // replication stalls; nobody notices yet
	}
	a, err := obtainHolder(ctx, pc, 1, "job", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := pc.Wait(ctx, 1, 100*time.Millisecond).Result(); err != nil || n != 0 {
		t.Fatalf("WAIT after the acquire = %d, %v; want 0: the grant is not replicated", n, err)
	}
	if !store.write(a) {
		t.Fatal("holder A's write rejected")
	}

	if *injectFaults {
		primary.Stop()
	}
	if err := rc.Do(ctx, "REPLICAOF", "NO", "ONE").Err(); err != nil {
		t.Fatalf("promoting the replica: %v", err)
	}
	b, err := obtainHolder(ctx, rc, 2, "job", time.Minute)
	if err != nil {
		t.Fatalf("the promoted replica refused the lock (%v); the failover did not lose it", err)
	}
	t.Logf("lock lost on failover: A (fence %d) and B (fence %d) both hold %q", a.fence, b.fence, "job")
	if !store.write(b) {
		t.Fatal("new holder B's write rejected")
	}
	if store.write(a) {
		t.Fatalf("stale holder A's write accepted (fence %d after %d)", a.fence, b.fence)
	}
	checkStaleRejected(t, store)
	rctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	if err := a.lock.Refresh(rctx, time.Minute); err == nil {
		t.Fatal("A refreshed a lock on a dead primary")
	} else {
		t.Logf("A's refresh against the dead primary: %v", err)
	}
}

// A release whose connection breaks before its delete reaches Redis leaves
// the lock releasable: the first Release reports the unknown outcome with
// the key still held, and a second Release frees it. The watchdog was
// stopped by the first and does not hold up the second.
func TestLock_Release_faultConnectionBreaks(t *testing.T) {
	redistest.RequireReal(t)
	s := redistest.Start(t)
	p := startProxy(t, s.Addr())
	c := proxiedClient(t, p, -1)
	rec := &recorder{}
	c.AddHook(rec)
	ctx := testCtx(t)
	l, err := safelock.Obtain(ctx, c, "release-breaks", time.Minute, safelock.WithWatchdog())
	if err != nil {
		t.Fatal(err)
	}
	sent := make(chan struct{})
	var once sync.Once
	rec.setIntercept(func(_ context.Context, cmd redis.Cmder, _ redis.ProcessHook) (bool, error) {
		if name := cmd.Name(); name == "delex" || name == "evalsha" || name == "eval" {
			once.Do(func() { close(sent) })
		}
		return false, nil
	})
	if *injectFaults {
		p.Hold() // the delete will wait in the proxy, never reaching Redis
	}
	released := make(chan error, 1)
	go func() { released <- l.Release(ctx) }()
	<-sent
	time.Sleep(50 * time.Millisecond) // its bytes are in the proxy now
	if *injectFaults {
		p.ResetAll()
	}
	if err := <-released; !errors.Is(err, safelock.ErrUnknownOutcome) {
		t.Fatalf("Release over a broken connection = %v; want ErrUnknownOutcome", err)
	}
	if v := s.Client().Get(ctx, "release-breaks").Val(); v != l.Token() {
		t.Fatalf("key = %q after a release that never reached Redis; want our token", v)
	}
	p.Release()
	if err := l.Release(ctx); err != nil {
		t.Fatalf("second Release = %v; want it to free the key", err)
	}
	if s.Client().Exists(ctx, "release-breaks").Val() != 0 {
		t.Fatal("key still exists after the second Release")
	}
}
