package lockv9

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// Gate takes a named lock with no TTL in its Lock method, which is where
// no-ttl is reported; WithLock calls Lock and must not repeat the finding.
type Gate struct {
	rdb redis.UniversalClient
	tok string
}

func (g *Gate) Lock(ctx context.Context, name string) bool {
	return g.rdb.SetNX(ctx, name, g.tok, 0).Val() // want `SetNX acquires lock key passed to Gate.Lock as name with no TTL and nothing ever sets one`
}

func (g *Gate) WithLock(ctx context.Context, name string, f func()) {
	if g.Lock(ctx, name) {
		f()
	}
}
