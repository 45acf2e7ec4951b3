// Package claims hands shards of work to the nodes of a cluster through
// Redis locks, behind functions of its own: a caller drops an acquire's
// answer only when the function's result carries it.
package claims

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrBusy = errors.New("claims: shard held by another node")

// Registry records the shards this node holds.
type Registry struct {
	rdb   *redis.Client
	node  string
	ttl   time.Duration
	mu    sync.Mutex
	owned map[string]time.Time
}

func NewRegistry(rdb *redis.Client, node string, ttl time.Duration) *Registry {
	return &Registry{rdb: rdb, node: node, ttl: ttl, owned: map[string]time.Time{}}
}

func lockKey(shard string) string { return "lock:shard:" + shard }

// TryClaim claims a shard and records it in owned, which Owned reads.
func (r *Registry) TryClaim(ctx context.Context, shard string) bool {
	ok, err := r.rdb.SetNX(ctx, lockKey(shard), r.node, r.ttl).Result()
	if err != nil || !ok {
		return false
	}
	r.mu.Lock()
	r.owned[shard] = time.Now()
	r.mu.Unlock()
	return true
}

// Owned reports whether this node holds shard.
func (r *Registry) Owned(shard string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	_, ok := r.owned[shard]
	return ok
}

// Lock takes the shard's lock and says whether it did; it records nothing.
func (r *Registry) Lock(ctx context.Context, shard string) (bool, error) {
	return r.rdb.SetNX(ctx, lockKey(shard), r.node, r.ttl).Result()
}

// Acquire turns a held shard into ErrBusy.
func (r *Registry) Acquire(ctx context.Context, shard string) error {
	ok, err := r.rdb.SetNX(ctx, lockKey(shard), r.node, r.ttl).Result()
	if err != nil {
		return err
	}
	if !ok {
		return ErrBusy
	}
	return nil
}

// A Lease is the shard a node took, with when it took it.
type Lease struct {
	Shard string
	At    time.Time
}

// Take acquires and answers with a lease, nil when the shard is held: the
// *Lease it returns carries the answer as nil or not, which callers that
// drop it do not need.
func (r *Registry) Take(ctx context.Context, shard string) *Lease {
	ok, err := r.rdb.SetNX(ctx, lockKey(shard), r.node, r.ttl).Result()
	if err != nil || !ok {
		return nil
	}
	return &Lease{Shard: shard, At: time.Now()}
}

// Report counts the shards it took; it checks each answer itself.
type Report struct{ Taken, Busy int }

func (r *Registry) TakeAll(ctx context.Context, shards []string, work func(string)) Report {
	var rep Report
	for _, s := range shards {
		ok, err := r.rdb.SetNX(ctx, lockKey(s), r.node, r.ttl).Result()
		if err != nil || !ok {
			rep.Busy++
			continue
		}
		rep.Taken++
		work(s)
	}
	return rep
}

func (r *Registry) Release(ctx context.Context, shard string) error {
	return r.rdb.Del(ctx, lockKey(shard)).Err()
}

// OnAssign claims a shard the balancer assigned to this node: Owned tells
// later whether it is ours.
func (r *Registry) OnAssign(ctx context.Context, shard string) {
	if shard == "" {
		return
	}
	r.TryClaim(ctx, shard) // ok: TryClaim records its answer, and nothing runs under it here
}

// Sweep takes every shard and works on the ones it took.
func (r *Registry) Sweep(ctx context.Context, shards []string, work func(string)) {
	r.TakeAll(ctx, shards, work) // ok: the report carries no answer; TakeAll read each one
	for _, s := range shards {
		r.Take(ctx, s) // ok: a *Lease, the shard's answer read in Take
	}
}

// Move claims a shard and moves it whether or not the claim succeeded.
func (r *Registry) Move(ctx context.Context, shard string, move func(string)) {
	r.TryClaim(ctx, shard) // want `TryClaim \(SET NX at claims.go:34\) acquires lock key Registry.TryClaim builds from shard, a parameter of Registry.Move but never looks at whether it did \(its result is discarded\)`
	move(shard)
}

// Rebuild ignores whether the lock was taken.
func (r *Registry) Rebuild(ctx context.Context, shard string, rebuild func(string)) {
	r.Lock(ctx, shard) // want `Lock \(SET NX at claims.go:54\) acquires lock key Registry.Lock builds from shard, a parameter of Registry.Rebuild but never looks at whether it did \(its result is discarded\)`
	rebuild(shard)
}

// Compact reads only the error of Lock, nil when another node holds it.
func (r *Registry) Compact(ctx context.Context, shard string, compact func(string)) error {
	if _, err := r.Lock(ctx, shard); err != nil { // want `Lock \(SET NX at claims.go:54\) acquires lock key Registry.Lock builds from shard, a parameter of Registry.Compact but never looks at whether it did \(only the error is read, and it is nil when another client holds the lock\)`
		return err
	}
	compact(shard)
	return nil
}

// Merge drops Acquire's ErrBusy.
func (r *Registry) Merge(ctx context.Context, shard string, merge func(string)) {
	_ = r.Acquire(ctx, shard) // want `Acquire \(SET NX at claims.go:59\) acquires lock key Registry.Acquire builds from shard, a parameter of Registry.Merge but never looks at whether it did`
	merge(shard)
}
