package markers

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Cache is a cache adapter whose entries last as long as the caller asks:
// a zero duration keeps an entry for good.
type Cache struct {
	rdb    *redis.Client
	prefix string
}

// SetIfAbsent stores v under key when no entry is there, for d (0: it
// does not expire). The expire is sent only when a duration is given,
// so an entry with no TTL is a state the cache makes on purpose: not
// reported.
func (c *Cache) SetIfAbsent(ctx context.Context, key string, v any, d time.Duration) (bool, error) {
	ok, err := c.rdb.SetNX(ctx, c.prefix+key, v, 0).Result()
	if err != nil {
		return false, err
	}
	if ok && d > 0 {
		if err := c.rdb.PExpire(ctx, c.prefix+key, d).Err(); err != nil { // ok: the TTL is optional
			return ok, err
		}
	}
	return ok, nil
}

// Touch stores a marker whose TTL, when given, comes later: the same
// optional TTL, tested the other way round.
func (c *Cache) Touch(ctx context.Context, key string, seconds int) bool {
	if !c.rdb.SetNX(ctx, c.prefix+"touch:"+key, 1, 0).Val() {
		return false
	}
	if 0 < seconds {
		c.rdb.Expire(ctx, c.prefix+"touch:"+key, time.Duration(seconds)*time.Second) // ok: the TTL is optional
	}
	return true
}

// Keep holds the TTL in a local before the expire: the local is the
// duration that was tested, so the TTL is still optional.
func (c *Cache) Keep(ctx context.Context, key string, d time.Duration) bool {
	if !c.rdb.SetNX(ctx, c.prefix+"keep:"+key, 1, 0).Val() {
		return false
	}
	if d > 0 {
		ttl := d.Round(time.Millisecond)
		c.rdb.PExpire(ctx, c.prefix+"keep:"+key, ttl) // ok: the TTL is optional
	}
	return true
}

// Stamp tests the TTL in the else branch only: the expire runs whatever
// the TTL, so the split is reported.
func (c *Cache) Stamp(ctx context.Context, key string, d time.Duration) bool {
	if !c.rdb.SetNX(ctx, "stamp:"+key, 1, 0).Val() {
		return false
	}
	if d <= 0 {
		d = time.Hour
	}
	c.rdb.Expire(ctx, "stamp:"+key, d) // want `^Expire sets the TTL of key "stamp:" \+ key only after SetNX acquired it`
	return true
}

// Mark stores a marker through a helper that sends the expire: the call
// is inside the test of the duration the helper's TTL is computed from,
// so the TTL is still optional.
func (c *Cache) Mark(ctx context.Context, key string, seconds int) bool {
	if !c.rdb.SetNX(ctx, c.prefix+"mark:"+key, 1, 0).Val() {
		return false
	}
	if seconds > 0 {
		c.expireIn(ctx, c.prefix+"mark:"+key, seconds) // ok: the TTL is optional
	}
	return true
}

// Flag calls the same helper whatever the duration: the expire always
// comes after the SETNX, so the split is reported, at the helper's
// command.
func (c *Cache) Flag(ctx context.Context, key string, seconds int) bool {
	if !c.rdb.SetNX(ctx, c.prefix+"flag:"+key, 1, 0).Val() {
		return false
	}
	c.expireIn(ctx, c.prefix+"flag:"+key, seconds)
	return true
}

func (c *Cache) expireIn(ctx context.Context, key string, seconds int) {
	c.rdb.Expire(ctx, key, time.Duration(seconds)*time.Second) // want `^Expire sets the TTL of key c.prefix \+ "flag:" \+ key \(passed by Cache.Flag at cache.go:92\) only after SetNX acquired it`
}
