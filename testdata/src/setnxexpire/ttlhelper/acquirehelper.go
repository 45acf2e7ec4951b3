package ttlhelper

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// takeSlot sends the SET NX of a slot lock without a TTL; HoldSlot, its
// only caller, gives the key its TTL right after. The split acquire is
// reported at HoldSlot's EXPIRE; the SET NX is not no-ttl, since the key
// does get a TTL.
func takeSlot(ctx context.Context, rdb *redis.Client, name, token string) (bool, error) {
	return rdb.SetNX(ctx, "slot:lock:"+name, token, 0).Result() // ok: its caller gives the key a TTL
}

// HoldSlot takes the slot lock, then sets its TTL.
func HoldSlot(ctx context.Context, rdb *redis.Client, name, token string, ttl time.Duration) (bool, error) {
	ok, err := takeSlot(ctx, rdb, name, token)
	if err != nil || !ok {
		return false, err
	}
	return true, rdb.Expire(ctx, "slot:lock:"+name, ttl).Err() // want `Expire sets the TTL of lock key "slot:lock:" \+ name only after takeSlot acquired it`
}

// GateLock is a lock whose Open gives the key its TTL in a second command
// (the split acquire); that TTL belongs to Open's acquisition only, so
// OpenForGood, which never sets one, is no-ttl.
type GateLock struct {
	rdb   *redis.Client
	key   string
	token string
}

func (g *GateLock) Open(ctx context.Context, ttl time.Duration) bool {
	if !g.rdb.SetNX(ctx, g.key, g.token, 0).Val() {
		return false
	}
	g.rdb.Expire(ctx, g.key, ttl) // want `Expire sets the TTL of lock key g.key only after SetNX acquired it`
	return true
}

func (g *GateLock) OpenForGood(ctx context.Context) bool {
	return g.rdb.SetNX(ctx, g.key, g.token, 0).Val() // want `SetNX acquires lock key g.key with no TTL and nothing ever sets one`
}

func (g *GateLock) Close(ctx context.Context) {
	g.rdb.Del(ctx, g.key)
}
