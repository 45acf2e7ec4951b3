package jobs

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Lease takes a job lock whose TTL the caller may leave out. It is a lock
// (a lock name, a release): a crash between the two commands leaves a
// lock no one can take, whatever the caller asked, so it is reported even
// though the expire is sent only for a positive TTL; with no fix, since a
// negative TTL, which the expire skips, makes SET NX fail.
type Lease struct {
	rdb *redis.Client
}

func (l *Lease) Acquire(ctx context.Context, job string, ttl time.Duration) bool {
	key := "lock:lease:" + job
	ok := l.rdb.SetNX(ctx, key, "worker", 0).Val()
	if ok && ttl > 0 {
		l.rdb.Expire(ctx, key, ttl) // want `^Expire sets the TTL of lock key "lock:lease:" \+ job only after SetNX acquired it`
	}
	return ok
}

func (l *Lease) Release(ctx context.Context, job string) {
	l.rdb.Del(ctx, "lock:lease:"+job)
}
