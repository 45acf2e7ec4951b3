package markers

import (
	"context"

	"example.com/fixtures/setnxexpire/markers/ttl"
)

// Pin stores a marker whose TTL, when given, is set by a helper of
// another package: the helper's TTL is the caller's argument, so the
// TTL is as optional as in Mark.
func (c *Cache) Pin(ctx context.Context, key string, seconds int) bool {
	if !c.rdb.SetNX(ctx, c.prefix+"pin:"+key, 1, 0).Val() {
		return false
	}
	if seconds > 0 {
		ttl.Seconds(ctx, c.rdb, c.prefix+"pin:"+key, seconds) // ok: the TTL is optional
	}
	return true
}

// Hold sets the TTL through the same helper whatever the duration: the
// split is reported at the call.
func (c *Cache) Hold(ctx context.Context, key string, seconds int) bool {
	if !c.rdb.SetNX(ctx, c.prefix+"hold:"+key, 1, 0).Val() {
		return false
	}
	ttl.Seconds(ctx, c.rdb, c.prefix+"hold:"+key, seconds) // want `only after SetNX acquired it`
	return true
}
