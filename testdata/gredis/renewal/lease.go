// Package renewal keeps gredis locks alive from a watchdog goroutine, with
// and without a way to stop it, and stops it before or after the release.
package renewal

import (
	"context"
	"errors"
	"time"

	"github.com/gogf/gf/v2/database/gredis"
	"github.com/gogf/gf/v2/util/guid"
)

const (
	renewLua   = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("expire", KEYS[1], ARGV[2]) end return 0`
	releaseLua = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`
)

var errLost = errors.New("renewal: lock lost")

// Lease is a lock with a watchdog.
type Lease struct {
	redis *gredis.Redis
	key   string
	token string
	ttl   int64
	stop  chan struct{}
	done  chan struct{}
}

// Acquire takes the lock and starts the watchdog.
func Acquire(ctx context.Context, r *gredis.Redis, name string, ttl int64) (*Lease, error) {
	l := &Lease{redis: r, key: "lock:" + name, token: guid.S(), ttl: ttl, stop: make(chan struct{}), done: make(chan struct{})}
	reply, err := r.Set(ctx, l.key, l.token, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: &l.ttl}})
	if err != nil || reply.IsNil() {
		return nil, err
	}
	go l.watch(ctx)
	return l, nil
}

// watch renews until stop is closed or a renewal finds the lock lost.
func (l *Lease) watch(ctx context.Context) {
	defer close(l.done)
	t := time.NewTicker(time.Duration(l.ttl) * time.Second / 3)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
			reply, err := l.redis.Eval(ctx, renewLua, 1, []string{l.key}, []interface{}{l.token, l.ttl})
			if err != nil || reply.Int() == 0 {
				return
			}
		}
	}
}

// Release is correct: the watchdog stops before the compare-and-delete.
func (l *Lease) Release(ctx context.Context) error {
	close(l.stop)
	<-l.done
	reply, err := l.redis.Eval(ctx, releaseLua, 1, []string{l.key}, []interface{}{l.token})
	if err != nil {
		return err
	}
	if reply.Int() == 0 {
		return errLost
	}
	return nil
}

// ReleaseLate deletes first and stops the watchdog after.
func (l *Lease) ReleaseLate(ctx context.Context) error {
	reply, err := l.redis.Eval(ctx, releaseLua, 1, []string{l.key}, []interface{}{l.token}) // want `Lease.ReleaseLate releases lock key l.key \(Eval\) before it stops the watchdog started at lease.go:38`
	close(l.stop)
	if err != nil {
		return err
	}
	if reply.Int() == 0 {
		return errLost
	}
	return nil
}

// Hold takes "lock:"+name and renews it from a goroutine that nothing
// stops, not even a renewal that finds the lock lost.
func Hold(ctx context.Context, r *gredis.Redis, name string) (string, error) {
	key, token, ttl := "lock:"+name, guid.S(), int64(30)
	reply, err := r.Set(ctx, key, token, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: &ttl}})
	if err != nil || reply.IsNil() {
		return "", err
	}
	go func() { // want `goroutine renews lock key "lock:" \+ name \(Eval at lease.go:98\) in a loop with no way to stop`
		for {
			time.Sleep(10 * time.Second)
			r.Eval(ctx, renewLua, 1, []string{key}, []interface{}{token, ttl})
		}
	}()
	return token, nil
}
