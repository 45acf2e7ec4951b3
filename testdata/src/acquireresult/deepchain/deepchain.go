// Package deepchain takes leases through a chain of same-package helpers
// deeper than a few calls, written callers first: the summaries must
// settle through the whole chain, and a call whose helper's command is
// judged inside is never judged again at the call.
package deepchain

import (
	"context"
	"log"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Worker starts the manager and takes one lease through the chain.
type Worker struct {
	m *Manager
}

// Run drops the answer that the chain hands back from the SET NX: when
// another node holds the lease, this one runs the shard anyway.
func (w *Worker) Run(ctx context.Context, shard string, work func()) error {
	if err := w.m.Start(ctx); err != nil { // ok: Start launches the renewals; its error is not the acquire's answer
		return err
	}
	w.m.acquire(ctx, shard) // want `acquire \(SET NX at deepchain.go:\d+\) acquires lock key Claimer.tryLease builds from shard, a parameter of Worker.Run but never looks at whether it did \(its result is discarded\)`
	work()
	return nil
}

// RunChecked reads it.
func (w *Worker) RunChecked(ctx context.Context, shard string, work func()) {
	if w.m.acquire(ctx, shard) { // ok: read
		work()
	}
}

type Manager struct {
	c *Claimer
}

func (m *Manager) acquire(ctx context.Context, shard string) bool { return m.viaClaimer(ctx, shard) }

func (m *Manager) viaClaimer(ctx context.Context, shard string) bool { return m.inRegion(ctx, shard) }

func (m *Manager) inRegion(ctx context.Context, shard string) bool { return m.inZone(ctx, shard) }

func (m *Manager) inZone(ctx context.Context, shard string) bool { return m.onNode(ctx, shard) }

func (m *Manager) onNode(ctx context.Context, shard string) bool { return m.c.claim(ctx, shard) }

func (m *Manager) Start(ctx context.Context) error { return m.startClaiming(ctx) }

func (m *Manager) startClaiming(ctx context.Context) error { return m.startAll(ctx) }

func (m *Manager) startAll(ctx context.Context) error {
	if err := m.c.Start(ctx); err != nil {
		return err
	}
	log.Print("claiming")
	return nil
}

// Claimer holds shard leases and renews them in the background.
type Claimer struct {
	rdb     *redis.Client
	node    string
	ttl     time.Duration
	mu      sync.Mutex
	held    map[string]bool
	shards  []string
	stopped chan struct{}
}

func (c *Claimer) Start(ctx context.Context) error {
	if err := c.rdb.Set(ctx, "node:"+c.node, 1, time.Minute).Err(); err != nil {
		return err
	}
	go c.renewLoop(ctx)
	return nil
}

func (c *Claimer) renewLoop(ctx context.Context) {
	t := time.NewTicker(c.ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.stopped:
			return
		case <-t.C:
			c.reclaimAll(ctx)
		}
	}
}

// reclaimAll claims again the shards whose lease was lost; tryLease
// records what it took, and nothing runs under the lease here.
func (c *Claimer) reclaimAll(ctx context.Context) {
	for _, s := range c.shards {
		if !c.holds(s) {
			c.tryLease(ctx, s) // ok: tryLease records its own answer
		}
	}
}

func (c *Claimer) holds(s string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.held[s]
}

func (c *Claimer) claim(ctx context.Context, s string) bool { return c.tryLease(ctx, s) }

func (c *Claimer) tryLease(ctx context.Context, s string) bool {
	ok, err := c.rdb.SetNX(ctx, "lease:"+s, c.node, c.ttl).Result()
	if err != nil || !ok {
		return false
	}
	c.mu.Lock()
	c.held[s] = true
	c.mu.Unlock()
	return true
}

// Release gives the lease back when this node still holds it.
func (c *Claimer) Release(ctx context.Context, s string) (bool, error) {
	n, err := releaseScript.Run(ctx, c.rdb, []string{"lease:" + s}, c.node).Int()
	return n == 1, err
}

var releaseScript = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)
