package setnxexpire

import (
	"context"

	"github.com/gogf/gf/v2/frame/g"
)

// LockOrder guards an order for ten seconds through the default client
// of the configuration; this file imports no gredis of its own.
func LockOrder(ctx context.Context, orderID, token string) error {
	key := "lock:order:" + orderID
	ok, err := g.Redis().SetNX(ctx, key, token)
	if err != nil || !ok {
		return ErrBusy
	}
	g.Redis().Expire(ctx, key, 10) // want `Expire sets the TTL of lock key "lock:order:" \+ orderID only after SetNX acquired it`
	return nil
}

// LockStock sends SETNX and EXPIRE through Do: reported, with no fix,
// since SETNX's 1 and SET NX's "OK" are read differently.
func LockStock(ctx context.Context, sku, token string) (bool, error) {
	reply, err := g.Redis().Do(ctx, "SETNX", "lock:stock:"+sku, token)
	if err != nil || reply.Int() != 1 {
		return false, err
	}
	_, err = g.Redis().Do(ctx, "EXPIRE", "lock:stock:"+sku, 5) // want `Do\("EXPIRE"\) sets the TTL of lock key "lock:stock:" \+ sku only after Do\("SETNX"\) acquired it`
	return err == nil, err
}

// TryLockForever never sets a TTL: a crash leaves the lock held for good.
func TryLockForever(ctx context.Context, name, token string) (bool, error) {
	return g.Redis().SetNX(ctx, "lock:forever:"+name, token) // want `SetNX acquires lock key "lock:forever:" \+ name with no TTL and nothing ever sets one`
}

// MarkProcessed records for a day that a message was handled. It is a
// marker, not a lock (no rule that needs a lock key reports it), but the
// two commands race as they do for a lock: a crash in between leaves a
// marker that never expires, so the message calls it a key.
func MarkProcessed(ctx context.Context, id string) (bool, error) {
	ok, err := g.Redis().SetNX(ctx, "processed:"+id, 1)
	if err != nil || !ok {
		return false, err
	}
	if _, err = g.Redis().Expire(ctx, "processed:"+id, 86400); err != nil { // want `^Expire sets the TTL of key "processed:" \+ id only after SetNX acquired it \(order.go:\d+\): a crash, timeout or cancelled context in between leaves a key that never expires`
		return false, err
	}
	return true, nil
}

// Seen is a marker meant to last: SetNX alone, no lock evidence.
func Seen(ctx context.Context, id string) (bool, error) {
	return g.Redis().SetNX(ctx, "seen:"+id, 1) // ok: not a lock key
}
