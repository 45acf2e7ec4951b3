package libs

import (
	"context"
	"testing"
	"time"

	"github.com/bsm/redislock"
	"github.com/redis/go-redis/v9"
)

// A test defers the release of the lock it just obtained, as the
// bsm/redislock README does: not reported in _test.go files.
func TestObtain(t *testing.T) {
	ctx := context.Background()
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:0"})
	lock, err := redislock.New(rdb).Obtain(ctx, "lock:test", time.Second, nil)
	if err != nil {
		t.Skip(err)
	}
	defer lock.Release(ctx) // ok: test code
}
