package ttlhelper

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// sendSeatNX's SET NX is passed up through claimSeat and reserveSeat,
// which acquire nothing of their own; ReserveSeat gives the key its TTL
// right after. The split acquire is reported at that EXPIRE, and the SET
// NX, whose key does get a TTL, is not no-ttl.
func sendSeatNX(ctx context.Context, rdb *redis.Client, name, token string) (bool, error) {
	return rdb.SetNX(ctx, "seat:lock:"+name, token, 0).Result() // ok: its callers' caller gives the key a TTL
}

func claimSeat(ctx context.Context, rdb *redis.Client, name, token string) (bool, error) {
	return sendSeatNX(ctx, rdb, name, token)
}

func reserveSeat(ctx context.Context, rdb *redis.Client, name, token string) (bool, error) {
	return claimSeat(ctx, rdb, name, token)
}

// ReserveSeat takes the seat lock through the chain, then sets its TTL.
func ReserveSeat(ctx context.Context, rdb *redis.Client, name, token string, ttl time.Duration) (bool, error) {
	ok, err := reserveSeat(ctx, rdb, name, token)
	if err != nil || !ok {
		return false, err
	}
	return true, rdb.Expire(ctx, "seat:lock:"+name, ttl).Err() // want `Expire sets the TTL of lock key "seat:lock:" \+ name only after reserveSeat acquired it`
}
