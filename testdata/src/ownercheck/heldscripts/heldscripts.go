// Package heldscripts releases and renews with compare scripts held in
// fields set by constructors and in locals, and checks their replies:
// owner-checked, nothing to report.
package heldscripts

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

const compareAndDelete = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`

var ErrLost = errors.New("heldscripts: lock lost")

type Locker struct {
	client  redis.UniversalClient
	unlock  *redis.Script
	refresh *redis.Script
}

func NewLocker(client redis.UniversalClient) *Locker {
	return &Locker{
		client:  client,
		unlock:  redis.NewScript(compareAndDelete),
		refresh: redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`),
	}
}

type Lock struct {
	locker *Locker
	key    string
	token  string
}

func (l *Locker) Obtain(ctx context.Context, key string, ttl time.Duration) (*Lock, error) {
	token := uuid.NewString()
	ok, err := l.client.SetNX(ctx, key, token, ttl).Result()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrLost
	}
	return &Lock{locker: l, key: key, token: token}, nil
}

func (k *Lock) Release(ctx context.Context) error {
	n, err := k.locker.unlock.Run(ctx, k.locker.client, []string{k.key}, k.token).Int64()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrLost
	}
	return nil
}

func (k *Lock) Refresh(ctx context.Context, ttl time.Duration) error {
	ok, err := k.locker.refresh.Run(ctx, k.locker.client, []string{k.key}, k.token, ttl.Milliseconds()).Bool()
	if err != nil {
		return err
	}
	if !ok {
		return ErrLost
	}
	return nil
}

// ReleaseInline holds the source in a local.
func (k *Lock) ReleaseInline(ctx context.Context) error {
	script := compareAndDelete
	n, err := k.locker.client.Eval(ctx, script, []string{k.key}, k.token).Int()
	if err != nil {
		return err
	}
	if n != 1 {
		return ErrLost
	}
	return nil
}
