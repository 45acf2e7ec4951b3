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
