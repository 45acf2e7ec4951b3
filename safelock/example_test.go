package safelock_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"sync"
	"time"

	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

// exampleClient returns a client for a private redis-server (TestMain has
// checked that one is installed), so that the examples run and check their
// output against the real thing.
func exampleClient() (*redis.Client, func()) {
	dir, err := os.MkdirTemp("", "safelock-example")
	if err != nil {
		log.Fatal(err)
	}
	addr, stop, err := launchServer(dir)
	if err != nil {
		log.Fatal(err)
	}
	c := redis.NewClient(&redis.Options{Addr: addr})
	return c, func() { _ = c.Close(); stop(); _ = os.RemoveAll(dir) }
}

// Obtain with the watchdog, do the work under lock.Context(), and release.
// The context ends if the lease is lost or nears its expiry, so the work
// stops starting side effects it could no longer protect.
func Example() {
	rdb, done := exampleClient()
	defer done()
	ctx := context.Background()

	lock, err := safelock.Obtain(ctx, rdb, "report:2026-11", 10*time.Second,
		safelock.WithWatchdog(),
		safelock.WithFencing(),
		safelock.WithRetry(safelock.ExponentialBackoff(10*time.Millisecond, time.Second)))
	if errors.Is(err, safelock.ErrNotObtained) {
		fmt.Println("someone else is building the report")
		return
	}
	if err != nil {
		log.Fatal(err)
	}
	defer func() {
		// Stops the watchdog, waits for it, then deletes only our key.
		if err := lock.Release(ctx); err != nil {
			log.Print(err)
		}
	}()

	for step := 1; step <= 3; step++ {
		if err := lock.Context().Err(); err != nil {
			fmt.Println("stopping:", context.Cause(lock.Context()))
			return
		}
		_, fenced := lock.Fence()
		fmt.Println("step", step, "under fence", fenced)
	}
	// Output:
	// step 1 under fence true
	// step 2 under fence true
	// step 3 under fence true
}

// account is a resource that checks fencing tokens: it rejects a write whose
// fence is lower than the highest it has accepted, so a holder that paused
// past its lease cannot overwrite the work of the next holder.
type account struct {
	mu      sync.Mutex
	highest int64
	balance int
}

var (
	errStaleFence = errors.New("stale fence")
	errNoFence    = errors.New("no fence")
)

// deposit takes Fence's two results as they come: a holder without a
// fence (a lock obtained without WithFencing) is refused outright, whatever
// number it sends.
func (a *account) deposit(fence int64, fenced bool, amount int) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !fenced {
		return errNoFence
	}
	if fence < a.highest {
		return fmt.Errorf("%w: %d < %d", errStaleFence, fence, a.highest)
	}
	a.highest = fence
	a.balance += amount
	return nil
}

// Send the fence with every write and let the resource reject older ones.
// Here the first holder's write is delayed in the network until after a
// second holder has written.
func ExampleLock_Fence() {
	rdb, done := exampleClient()
	defer done()
	ctx := context.Background()
	acct := &account{}

	first, err := safelock.Obtain(ctx, rdb, "account:42", time.Minute, safelock.WithFencing())
	if err != nil {
		log.Fatal(err)
	}
	delayedFence, fenced := first.Fence() // a write that is still in flight
	_ = first.Release(ctx)

	second, err := safelock.Obtain(ctx, rdb, "account:42", time.Minute, safelock.WithFencing())
	if err != nil {
		log.Fatal(err)
	}
	fence, ok := second.Fence()
	fmt.Println("second holder:", acct.deposit(fence, ok, 100))
	err = acct.deposit(delayedFence, fenced, 100)
	fmt.Println("delayed write rejected:", errors.Is(err, errStaleFence))
	_ = second.Release(ctx)

	unfenced, err := safelock.Obtain(ctx, rdb, "account:42", time.Minute) // no WithFencing
	if err != nil {
		log.Fatal(err)
	}
	fence, ok = unfenced.Fence()
	err = acct.deposit(fence, ok, 100)
	fmt.Println("unfenced write rejected:", errors.Is(err, errNoFence))
	fmt.Println("balance:", acct.balance)
	_ = unfenced.Release(ctx)
	// Output:
	// second holder: <nil>
	// delayed write rejected: true
	// unfenced write rejected: true
	// balance: 100
}

// The low-level functions work on a key and token the caller stores, as in
// code that acquires with SET NX PX itself. ErrNotOwner means the key is no
// longer ours: it expired and maybe belongs to someone else now. Nothing was
// deleted, and the right reaction is to stop, not to DEL the key.
func ExampleRelease() {
	rdb, done := exampleClient()
	defer done()
	ctx := context.Background()

	token := safelock.NewToken()
	ok, err := rdb.SetNX(ctx, "job:7", token, 30*time.Second).Result()
	if err != nil || !ok {
		log.Fatal("not acquired", err)
	}

	// Simulate expiry and another owner taking over.
	rdb.Set(ctx, "job:7", "someone-else", 30*time.Second)

	err = safelock.Release(ctx, rdb, "job:7", token)
	switch {
	case errors.Is(err, safelock.ErrNotOwner):
		fmt.Println("lock was lost before release; the new owner's key is intact:",
			rdb.Get(ctx, "job:7").Val())
	case err != nil:
		log.Fatal(err)
	}
	// Output:
	// lock was lost before release; the new owner's key is intact: someone-else
}

// Refresh extends the lease only while the key still holds the token.
func ExampleRefresh() {
	rdb, done := exampleClient()
	defer done()
	ctx := context.Background()

	token := safelock.NewToken()
	rdb.SetNX(ctx, "job:8", token, 5*time.Second)
	fmt.Println("refresh own lock:", safelock.Refresh(ctx, rdb, "job:8", token, time.Minute))
	err := safelock.Refresh(ctx, rdb, "job:8", safelock.NewToken(), time.Minute)
	fmt.Println("refresh with another token:", errors.Is(err, safelock.ErrNotOwner))
	// Output:
	// refresh own lock: <nil>
	// refresh with another token: true
}
