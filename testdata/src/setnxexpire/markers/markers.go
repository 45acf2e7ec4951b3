// Package markers uses SetNX for idempotency markers that are meant to
// last, and locks that set their TTL correctly: no findings.
package markers

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

type Consumer struct {
	rdb *redis.Client
}

// Seen marks a message as processed forever: not a lock (no release, no
// lock name), so no no-ttl report.
func (c *Consumer) Seen(ctx context.Context, id string) bool {
	return c.rdb.SetNX(ctx, "processed:"+id, 1, 0).Val() // ok: dedup marker
}

// Once marks a job as started for a day.
func (c *Consumer) Once(ctx context.Context, id string) bool {
	return c.rdb.SetNX(ctx, "once:"+id, 1, 24*time.Hour).Val() // ok: TTL in the acquire
}

// Claim uses SetArgs with ExpireAt.
func (c *Consumer) Claim(ctx context.Context, id string, until time.Time) error {
	return c.rdb.SetArgs(ctx, "claim:"+id, "me", redis.SetArgs{Mode: "NX", ExpireAt: until}).Err() // ok
}

// Remember sets a plain cache entry and its expiry: no NX, not a lock.
func (c *Consumer) Remember(ctx context.Context, id, v string) {
	c.rdb.Set(ctx, "cache:"+id, v, 0)
	c.rdb.Expire(ctx, "cache:"+id, time.Hour) // ok: not an acquire
}

// KeepTTL keeps the TTL of an existing lock: the expiry is unknown here.
func (c *Consumer) KeepTTL(ctx context.Context, id string) bool {
	return c.rdb.SetNX(ctx, "lease:"+id, "x", redis.KeepTTL).Val()
}

// Ignored is a known, reviewed exception.
func (c *Consumer) Ignored(ctx context.Context, name string) {
	if c.rdb.SetNX(ctx, "lock:legacy:"+name, "1", 0).Val() {
		//leasevet:ignore setnxexpire the legacy worker sets the TTL on its own, removal tracked in OPS-12
		c.rdb.Expire(ctx, "lock:legacy:"+name, time.Minute)
	}
}

// NoReason shows that a suppression without a reason is itself reported.
func (c *Consumer) NoReason(ctx context.Context, name string) {
	if c.rdb.SetNX(ctx, "lock:old:"+name, "1", 0).Val() {
		//leasevet:ignore setnxexpire // want `//leasevet:ignore setnxexpire needs a reason after the analyzer name; the directive is ignored`
		c.rdb.Expire(ctx, "lock:old:"+name, time.Minute) // want `Expire sets the TTL of lock key "lock:old:" \+ name only after SetNX acquired it`
	}
}

// Nolint is silenced the golangci-lint way.
func (c *Consumer) Nolint(ctx context.Context, name string) {
	if c.rdb.SetNX(ctx, "lock:nolint:"+name, "1", 0).Val() {
		c.rdb.Expire(ctx, "lock:nolint:"+name, time.Minute) //nolint:leasevet // migrating in OPS-13
	}
}

func (c *Consumer) release(ctx context.Context, name string) {
	c.rdb.Del(ctx, "lock:legacy:"+name, "lock:old:"+name, "lock:nolint:"+name, "lease:"+name)
}

var _ = (*Consumer).release

// Mark sets the marker's TTL in a second command: the same race, on a key
// that is not a lock, so the message does not call it one.
func (c *Consumer) Mark(ctx context.Context, id string) bool {
	if !c.rdb.SetNX(ctx, "seen:"+id, 1, 0).Val() {
		return false
	}
	c.rdb.Expire(ctx, "seen:"+id, time.Hour) // want `^Expire sets the TTL of key "seen:" \+ id only after SetNX acquired it`
	return true
}

// IgnoredByCategory names the category users see in the output
// ([setnx-expire]) instead of the analyzer.
func (c *Consumer) IgnoredByCategory(ctx context.Context, name string) {
	if c.rdb.SetNX(ctx, "lock:cat:"+name, "1", 0).Val() {
		//leasevet:ignore setnx-expire the cron sets the TTL in the same minute, reviewed in OPS-14
		c.rdb.Expire(ctx, "lock:cat:"+name, time.Minute)
	}
}

// Misspelt names nothing leasevet knows: it is reported, and silences
// nothing.
func (c *Consumer) Misspelt(ctx context.Context, name string) {
	if c.rdb.SetNX(ctx, "lock:typo:"+name, "1", 0).Val() {
		//leasevet:ignore setnxexpiry the TTL comes later // want `^//leasevet:ignore setnxexpiry names no leasevet analyzer or category`
		c.rdb.Expire(ctx, "lock:typo:"+name, time.Minute) // want `Expire sets the TTL of lock key "lock:typo:" \+ name only after SetNX acquired it`
	}
}
