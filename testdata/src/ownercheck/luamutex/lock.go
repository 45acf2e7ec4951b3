package luamutex

import (
	"context"
	"strconv"
	"time"
)

const refreshSource = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`

// Refresh extends the lock only while it is still ours.
func (l *Lock) Refresh(ctx context.Context, ttl time.Duration) error {
	n, err := l.client.Eval(ctx, refreshSource, []string{l.key}, l.value, strconv.FormatInt(ttl.Milliseconds(), 10)).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotObtained
	}
	return nil
}

// Release deletes the lock only while it is still ours.
func (l *Lock) Release(ctx context.Context) error {
	n, err := releaseScript.Run(ctx, l.client, []string{l.key}, l.value).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrLockNotHeld
	}
	return nil
}
