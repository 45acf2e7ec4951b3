package apipair

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Mutexes builds every key with one helper from the name it is given.
type Mutexes struct {
	rdb    redis.UniversalClient
	prefix string
}

func (r *Mutexes) lockKey(name string) string { return r.prefix + ":" + name }

func (r *Mutexes) TryLock(ctx context.Context, name, token string) bool {
	return r.rdb.SetNX(ctx, r.lockKey(name), token, 10*time.Second).Val()
}

func (r *Mutexes) Unlock(ctx context.Context, name string) {
	r.rdb.Del(ctx, r.lockKey(name)) // want `Del releases lock key r.lockKey\(name\) \(acquired by SetNX at keyfunc.go:19\)`
}
