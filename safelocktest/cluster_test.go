package safelocktest_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/leasevet/leasevet/internal/redistest"
	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

// Acquire, refresh, TTL, release and fencing through a ClusterClient on a
// real three-primary cluster, with keys spread over the nodes; the fence key
// must land in the lock key's slot or the script would fail with CROSSSLOT.
func TestObtain_cluster(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a three-node cluster")
	}
	cl := redistest.StartCluster(t, 3)
	c := cl.Client()
	ctx := testCtx(t)
	keys := []string{"alpha", "bravo", "charlie", "delta", "echo", "{tenant:9}:report"}
	for _, key := range keys {
		checkClusterLock(ctx, t, c, key)
	}
	if n := mastersWithKeys(ctx, t, c); n < 2 {
		t.Fatalf("fence keys live on %d node(s); the keys did not spread over the cluster", n)
	}
	// The low-level functions the analyzer fixes call take a ClusterClient.
	tok := safelock.NewToken()
	if err := c.Set(ctx, "lowlevel", tok, time.Minute).Err(); err != nil {
		t.Fatal(err)
	}
	if err := safelock.Refresh(ctx, c, "lowlevel", tok, time.Hour); err != nil {
		t.Fatalf("Refresh via ClusterClient: %v", err)
	}
	if err := safelock.Release(ctx, c, "lowlevel", tok); err != nil {
		t.Fatalf("Release via ClusterClient: %v", err)
	}
}

func checkClusterLock(ctx context.Context, t *testing.T, c *redis.ClusterClient, key string) {
	t.Helper()
	var lastFence int64
	for round := 0; round < 3; round++ {
		l, err := safelock.Obtain(ctx, c, key, 5*time.Second, safelock.WithFencing())
		if err != nil {
			t.Fatalf("Obtain %q: %v", key, err)
		}
		fence, fenced := l.Fence()
		if !fenced || fence <= lastFence {
			t.Fatalf("%q: fence %d (%v) after %d", key, fence, fenced, lastFence)
		}
		lastFence = fence
		if _, err := safelock.Obtain(ctx, c, key, 5*time.Second); !errors.Is(err, safelock.ErrNotObtained) {
			t.Fatalf("second Obtain %q = %v; want ErrNotObtained", key, err)
		}
		if err := l.Refresh(ctx, time.Minute); err != nil {
			t.Fatalf("Refresh %q: %v", key, err)
		}
		if ttl, err := l.TTL(ctx); err != nil || ttl < 5*time.Second {
			t.Fatalf("TTL %q = %v, %v; want about 1m", key, ttl, err)
		}
		if err := l.Release(ctx); err != nil {
			t.Fatalf("Release %q: %v", key, err)
		}
	}
}

// mastersWithKeys counts the primaries that hold at least one key.
func mastersWithKeys(ctx context.Context, t *testing.T, c *redis.ClusterClient) int {
	t.Helper()
	counts := make(chan int64, 16)
	err := c.ForEachMaster(ctx, func(ctx context.Context, node *redis.Client) error {
		n, err := node.DBSize(ctx).Result()
		if err != nil {
			return fmt.Errorf("DBSIZE on %s: %w", node.Options().Addr, err)
		}
		counts <- n
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	close(counts)
	nodes := 0
	for n := range counts {
		if n > 0 {
			nodes++
		}
	}
	return nodes
}
