// Package v9 waits for go-redis v9 locks in loops, some of them hammering
// Redis or never giving up.
package v9

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log"
	"runtime"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrTimeout = errors.New("v9: timed out waiting for the lock")

var unlock = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

func newToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Lock is a blocking lock over one key.
type Lock struct {
	rdb   redis.UniversalClient
	key   string
	token string
	ttl   time.Duration
}

// Spin neither waits nor gives up.
func (l *Lock) Spin(ctx context.Context) {
	for { // want `loop retries SetNX on lock key l.key \(at spin.go:38\) until it succeeds with nothing that waits between attempts \(no sleep, timer, ticker, backoff or blocking receive\): every waiting client sends commands as fast as the network allows, loading Redis and slowing the holder; wait between attempts, with jitter, or use a lock library's retry strategy` `loop retries SetNX on lock key l.key \(at spin.go:38\) until it succeeds with no other way out \(no deadline, attempt limit, ctx.Done\(\) or ctx.Err\(\) check, or return on error\): a holder that never releases, or a key that never expires, hangs every waiter for good; bound the wait with a context deadline or an attempt limit`
		ok, _ := l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Result()
		if ok {
			break
		}
	}
}

// SpinCond puts the acquire in the loop condition.
func (l *Lock) SpinCond(ctx context.Context) {
	for !l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Val() { // want `with nothing that waits` `with no other way out`
	}
}

// Attempts gives up after 100 tries, all sent back to back.
func (l *Lock) Attempts(ctx context.Context) error {
	for i := 0; i < 100; i++ { // want `loop retries SetNX on lock key l.key \(at spin.go:54\) until it succeeds with nothing that waits`
		ok, err := l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Result()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
	}
	return ErrTimeout
}

// Polite checks the context in a select with a default: the select never
// blocks, so the loop still spins.
func (l *Lock) Polite(ctx context.Context) error {
	for { // want `with nothing that waits`
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		if l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Val() {
			return nil
		}
	}
}

// Yield gives up the processor, which is not a pause.
func (l *Lock) Yield(ctx context.Context) error {
	for { // want `with nothing that waits`
		ok, err := l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Result()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		runtime.Gosched()
	}
}

// Forever sleeps between attempts but never gives up.
func (l *Lock) Forever(ctx context.Context) {
	for { // want `loop retries SetNX on lock key l.key \(at spin.go:97\) until it succeeds with no other way out`
		ok, _ := l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Result()
		if ok {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// ForeverLogged logs errors and tries again, forever.
func (l *Lock) ForeverLogged(ctx context.Context) {
	for { // want `with no other way out`
		ok, err := l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Result()
		if err != nil {
			log.Printf("lock %s: %v", l.key, err)
			time.Sleep(time.Second)
			continue
		}
		if ok {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Ticked waits on a ticker, with no way out.
func (l *Lock) Ticked(ctx context.Context) {
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	for { // want `with no other way out`
		if l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Val() {
			return
		}
		<-t.C
	}
}

func (l *Lock) Unlock(ctx context.Context) error {
	return unlock.Run(ctx, l.rdb, []string{l.key}, l.token).Err()
}
