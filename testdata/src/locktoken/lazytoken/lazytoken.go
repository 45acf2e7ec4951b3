// Package lazytoken draws its lock values once per process, on first use
// rather than while the package initialises: under a test of the
// variable's zero value, or in a sync.Once. Every acquisition of the
// process then writes the same value, as with a package variable set at
// init. A token drawn again for each acquisition (the variable cleared on
// release) is fresh.
package lazytoken

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

var errNotOwner = errors.New("lazytoken: not the owner")

const releaseLua = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`

var nodeToken string

// token returns this node's identity, drawn the first time it is asked.
func token() string {
	if nodeToken == "" {
		nodeToken = uuid.NewString()
	}
	return nodeToken
}

var (
	ownerOnce sync.Once
	ownerID   string
)

func owner() string {
	ownerOnce.Do(func() {
		ownerID = "node-" + uuid.NewString()
	})
	return ownerID
}

type Scheduler struct {
	rdb *redis.Client
	key string
}

func (s *Scheduler) TryLock(ctx context.Context) (bool, error) {
	return s.rdb.SetNX(ctx, s.key, token(), time.Minute).Result() // want `SetNX writes package variable nodeToken \(set once, on first use\) \(lazytoken.go:28\) as the value of lock key s.key`
}

func (s *Scheduler) Unlock(ctx context.Context) error {
	return s.release(ctx, token())
}

func (s *Scheduler) TryLockOnce(ctx context.Context) (bool, error) {
	return s.rdb.SetNX(ctx, s.key+":once", owner(), time.Minute).Result() // want `SetNX writes package variable ownerID \(set once, on first use\) \(lazytoken.go:40\) as the value of lock key s.key \+ ":once"`
}

func (s *Scheduler) UnlockOnce(ctx context.Context) error {
	return s.release(ctx, owner())
}

func (s *Scheduler) release(ctx context.Context, tok string) error {
	n, err := s.rdb.Eval(ctx, releaseLua, []string{s.key}, tok).Int()
	if err == nil && n == 0 {
		err = errNotOwner
	}
	return err
}

// leaseToken is drawn when empty and cleared on release: each
// acquisition writes a fresh one.
var leaseToken string

type Lease struct {
	rdb *redis.Client
	key string
}

func (l *Lease) Acquire(ctx context.Context) (bool, error) {
	if leaseToken == "" {
		leaseToken = uuid.NewString()
	}
	return l.rdb.SetNX(ctx, l.key, leaseToken, time.Minute).Result()
}

func (l *Lease) Release(ctx context.Context) error {
	n, err := l.rdb.Eval(ctx, releaseLua, []string{l.key}, leaseToken).Int()
	leaseToken = ""
	if err == nil && n == 0 {
		err = errNotOwner
	}
	return err
}
