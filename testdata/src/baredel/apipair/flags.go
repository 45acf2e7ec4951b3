package apipair

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Queue pauses with an NX flag that Resume deletes: two unrelated
// functions with no lock name, compare or wait are a flag, not a lock.
type Queue struct {
	rdb  *redis.Client
	name string
}

func (q *Queue) Pause(ctx context.Context) bool {
	return q.rdb.SetNX(ctx, "queue:paused:"+q.name, 1, 0).Val()
}

func (q *Queue) Resume(ctx context.Context) {
	q.rdb.Del(ctx, "queue:paused:"+q.name) // ok: a flag
}

// Blocks marks an index block as built and clears the mark on rebuild;
// "block" and "Clock" contain "lock" but are not lock words.
type Blocks struct{ rdb *redis.Client }

func (b *Blocks) MarkIndexBlock(ctx context.Context, id string) bool {
	return b.rdb.SetNX(ctx, "indexed-block:"+id, 1, 0).Val()
}

func (b *Blocks) ClearIndexBlock(ctx context.Context, id string) {
	b.rdb.Del(ctx, "indexed-block:"+id) // ok: not a lock word
}

func (b *Blocks) MarkClockSkew(ctx context.Context, host string) bool {
	return b.rdb.SetNX(ctx, "skew:"+host, 1, 0).Val()
}

func (b *Blocks) ForgetClockSkew(ctx context.Context, host string) {
	b.rdb.Del(ctx, "skew:"+host) // ok: a marker
}

// Rebuild takes and releases the key in one function: a critical section
// is lock evidence with no lock word at all.
func (b *Blocks) Rebuild(ctx context.Context, id, token string, build func()) {
	if !b.rdb.SetNX(ctx, "rebuild:"+id, token, time.Minute).Val() {
		return
	}
	defer b.rdb.Del(ctx, "rebuild:"+id) // want `Del releases lock key "rebuild:" \+ id \(acquired by SetNX at flags.go:48\)`
	build()
}
