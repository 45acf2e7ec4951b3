// Package barerenew renews gredis locks with a plain EXPIRE, beside the
// compare-and-expire script that is correct.
package barerenew

import (
	"context"
	"errors"
	"time"

	"github.com/gogf/gf/v2/database/gredis"
)

var errLost = errors.New("barerenew: lock lost")

// Mutex is a hand-written lock with its TTL in seconds.
type Mutex struct {
	redis *gredis.Redis
	key   string
	token string
	ttl   int64
}

// TryLock sets the key with NX and EX in one command.
func (m *Mutex) TryLock(ctx context.Context) (bool, error) {
	reply, err := m.redis.Set(ctx, m.key, m.token, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: &m.ttl}})
	return !reply.IsNil(), err
}

// Extend extends whoever holds the key.
func (m *Mutex) Extend(ctx context.Context) error {
	_, err := m.redis.Expire(ctx, m.key, m.ttl) // want `Expire renews lock key m.key with a new TTL \(acquired by Set at lock.go:25\) without checking the owner token`
	return err
}

// ExtendMillis does the same in milliseconds.
func (m *Mutex) ExtendMillis(ctx context.Context, d time.Duration) error {
	if _, err := m.redis.PExpire(ctx, m.key, d.Milliseconds()); err != nil { // want `PExpire renews lock key m.key with a new TTL \(acquired by Set at lock.go:25\) without checking the owner token`
		return err
	}
	return nil
}

// Keep renews from a loop until stop is closed: no error to return, so
// no fix.
func (m *Mutex) Keep(ctx context.Context, stop <-chan struct{}) {
	t := time.NewTicker(time.Duration(m.ttl) * time.Second / 3)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			m.redis.Expire(ctx, m.key, m.ttl) // want `Expire renews lock key m.key with a new TTL \(acquired by Set at lock.go:25\)`
		}
	}
}

// ExtendChecked is correct: a compare-and-expire script, its reply read.
func (m *Mutex) ExtendChecked(ctx context.Context) error {
	reply, err := m.redis.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("expire", KEYS[1], ARGV[2]) end return 0`, 1, []string{m.key}, []interface{}{m.token, m.ttl})
	if err != nil {
		return err
	}
	if reply.Int() == 0 {
		return errLost
	}
	return nil
}

// Unlock is correct.
func (m *Mutex) Unlock(ctx context.Context) error {
	reply, err := m.redis.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, 1, []string{m.key}, []interface{}{m.token})
	if err != nil {
		return err
	}
	if reply.Int() == 0 {
		return errLost
	}
	return nil
}

// Touch refreshes a session: never acquired with NX.
func Touch(ctx context.Context, r *gredis.Redis, sid string) error {
	_, err := r.Expire(ctx, "session:"+sid, 1800) // ok: not a lock key
	return err
}
