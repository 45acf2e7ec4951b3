// Package correct holds gredis code that no analyzer may report: a lock
// taken with SET NX EX and a fresh token, waited for with a pause and a
// deadline, kept alive by a watchdog that stops before the release, and
// released and renewed by compare scripts whose replies are read; and
// dedup markers, which are not locks.
package correct

import (
	"context"
	"errors"
	"time"

	"github.com/gogf/gf/v2/database/gredis"
	"github.com/gogf/gf/v2/util/guid"
)

// ErrNotObtained and ErrNotHeld are the lock's two failures.
var (
	ErrNotObtained = errors.New("correct: lock not obtained")
	ErrNotHeld     = errors.New("correct: lock not held")
)

const (
	releaseLua = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`
	refreshLua = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("expire", KEYS[1], ARGV[2]) else return 0 end`
)

// Locker obtains locks on one client.
type Locker struct {
	redis *gredis.Redis
	ttl   int64
}

// NewLocker returns a Locker whose locks live ttl seconds.
func NewLocker(r *gredis.Redis, ttl int64) *Locker {
	return &Locker{redis: r, ttl: ttl}
}

// Lock is one acquisition.
type Lock struct {
	redis *gredis.Redis
	key   string
	token string
	ttl   int64
	stop  chan struct{}
	done  chan struct{}
}

// Obtain waits up to wait for "lock:"+name, pausing between attempts.
func (lk *Locker) Obtain(ctx context.Context, name string, wait time.Duration) (*Lock, error) {
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	l := &Lock{redis: lk.redis, key: "lock:" + name, token: guid.S(), ttl: lk.ttl, stop: make(chan struct{}), done: make(chan struct{})}
	for {
		reply, err := l.redis.Set(ctx, l.key, l.token, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: &l.ttl}})
		if err != nil {
			return nil, err
		}
		if !reply.IsNil() {
			break
		}
		select {
		case <-ctx.Done():
			return nil, ErrNotObtained
		case <-time.After(50 * time.Millisecond):
		}
	}
	go l.watch()
	return l, nil
}

// watch renews a third of the TTL before it runs out, until stop is
// closed or a renewal finds the lock lost.
func (l *Lock) watch() {
	defer close(l.done)
	t := time.NewTicker(time.Duration(l.ttl) * time.Second / 3)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			reply, err := l.redis.Eval(ctx, refreshLua, 1, []string{l.key}, []interface{}{l.token, l.ttl})
			cancel()
			if err != nil || reply.Int() == 0 {
				return
			}
		}
	}
}

// Release stops the watchdog, waits for it, then deletes the key if it
// still holds this lock's token.
func (l *Lock) Release(ctx context.Context) error {
	close(l.stop)
	<-l.done
	reply, err := l.redis.Eval(ctx, releaseLua, 1, []string{l.key}, []interface{}{l.token})
	if err != nil {
		return err
	}
	if reply.Int() == 0 {
		return ErrNotHeld
	}
	return nil
}

// WithLock runs fn under "lock:"+name and reports a lost lock.
func (lk *Locker) WithLock(ctx context.Context, name string, fn func() error) (err error) {
	l, err := lk.Obtain(ctx, name, 5*time.Second)
	if err != nil {
		return err
	}
	defer func() {
		err = errors.Join(err, l.Release(context.WithoutCancel(ctx)))
	}()
	return fn()
}
