package lockv9

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// Mutex is a lock whose acquire forgot the TTL altogether.
type Mutex struct {
	rdb   redis.UniversalClient
	name  string
	token string
}

func (m *Mutex) TryLock(ctx context.Context) (bool, error) {
	return m.rdb.SetNX(ctx, "mutex:"+m.name, m.token, 0).Result() // want `SetNX acquires lock key "mutex:" \+ m.name with no TTL and nothing ever sets one: if the holder crashes, the lock is never released; pass a TTL to the acquire`
}

func (m *Mutex) TryLockArgs(ctx context.Context) error {
	return m.rdb.SetArgs(ctx, "mutex:args:"+m.name, m.token, redis.SetArgs{Mode: "NX"}).Err() // want `SetArgs acquires lock key "mutex:args:" \+ m.name with no TTL`
}

func (m *Mutex) Unlock(ctx context.Context) {
	m.rdb.Del(ctx, "mutex:"+m.name, "mutex:args:"+m.name)
}

// Lease has no TTL in the acquire, but its keeper sets one: not no-ttl
// (the keeper's unconditional renewal is barerenew's finding).
type Lease struct {
	rdb  *redis.Client
	name string
}

func (l *Lease) Take(ctx context.Context, token string) bool {
	return l.rdb.SetNX(ctx, "lease:"+l.name, token, 0).Val() // ok: the TTL is set elsewhere
}

func (l *Lease) Keep(ctx context.Context) {
	l.rdb.PExpire(ctx, "lease:"+l.name, leaseTTL)
}

func (l *Lease) Drop(ctx context.Context) {
	l.rdb.Del(ctx, "lease:"+l.name)
}
