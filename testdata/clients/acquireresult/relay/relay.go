// Package relay sends its lock's commands through a method of its own
// that hands them to another package's sender: the command is built by
// the method's callers, two calls away from the client.
package relay

import (
	"context"
	"time"

	"github.com/redis/rueidis"

	"example.com/clients/acquireresult/relay/send"
)

type conn struct {
	c rueidis.Client
}

func (k conn) do(ctx context.Context, cmd rueidis.Completed) rueidis.RedisResult {
	return send.One(ctx, cmd, k.c)
}

// GateLock is a lock whose commands go through conn.
type GateLock struct {
	conn  conn
	c     rueidis.Client
	key   string
	token string
}

// Enter drops the answer of its SET NX: it runs work whether or not it
// took the lock.
func (g *GateLock) Enter(ctx context.Context, ttl time.Duration, work func()) {
	g.conn.do(ctx, g.c.B().Set().Key(g.key).Value(g.token).Nx().Px(ttl).Build()) // want `do \(SET NX at send.go:13\) acquires lock key g.key but never looks at whether it did \(its result is discarded\)`
	work()
}

// EnterChecked reads the error, which is rueidis.Nil when another client
// holds the lock: correct.
func (g *GateLock) EnterChecked(ctx context.Context, ttl time.Duration, work func()) error {
	if err := g.conn.do(ctx, g.c.B().Set().Key(g.key).Value(g.token).Nx().Px(ttl).Build()).Error(); err != nil {
		return err
	}
	work()
	return nil
}

// Record sends a command that is no lock's: its answer may be dropped.
func (g *GateLock) Record(ctx context.Context, event string) {
	g.conn.do(ctx, g.c.B().Lpush().Key("events").Element(event).Build())
}
