//go:build go1.22

package freshtoken

import (
	"context"
	"time"

	"github.com/go-redis/redis/v8"
)

// Archive's file is compiled for Go 1.22, which has no crypto/rand Text
// but seeds math/rand at random: the token is math/rand's.
func Archive(ctx context.Context, rdb *redis.Client) bool {
	return rdb.SetNX(ctx, "lock:archive", "archiver", time.Minute).Val() // want `SetNX writes the constant "archiver" \(old.go:15\) as the value of lock key "lock:archive"`
}
