package markers

import (
	"context"
	"testing"

	"github.com/redis/go-redis/v9"
)

// Test setup writes state directly: a SetNX with no TTL in a test is not a
// lock acquisition to report.
func TestSeen(t *testing.T) {
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:0"})
	ctx := context.Background()
	rdb.SetNX(ctx, "processed:42", 1, 0) // ok: test setup
	rdb.Del(ctx, "processed:42")
}
