// Package passed releases locks through functions of its own that hand
// the release's answer to their callers: the script's error reply through
// .Err(), or an error the function returns when the script replies 0. A
// caller that drops that result drops the answer; a function that reads
// the answer itself hands nothing on.
package passed

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrNotOwner = errors.New("passed: lock held by another owner")

var (
	// strict replies an error when the key holds another token.
	strict = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return redis.error_reply("not owner") end`)
	// counted replies 0 when the key holds another token.
	counted = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)
)

// Locker is how this package's jobs reach their lock.
type Locker interface {
	Unlock(ctx context.Context, name, token string) error
}

// Store is the only Locker.
type Store struct {
	rdb *redis.Client
	ttl time.Duration
}

func NewStore(rdb *redis.Client, ttl time.Duration) *Store { return &Store{rdb: rdb, ttl: ttl} }

func lockKey(name string) string { return "lock:" + name }

func (s *Store) Lock(ctx context.Context, name, token string) (bool, error) {
	return s.rdb.SetNX(ctx, lockKey(name), token, s.ttl).Result()
}

// Unlock passes the script's error reply on.
func (s *Store) Unlock(ctx context.Context, name, token string) error {
	return strict.Run(ctx, s.rdb, []string{lockKey(name)}, token).Err()
}

// Release turns the script's 0 into ErrNotOwner.
func (s *Store) Release(ctx context.Context, name, token string) error {
	n, err := counted.Run(ctx, s.rdb, []string{lockKey(name)}, token).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotOwner
	}
	return nil
}

// ReleaseLogged reads the answer itself and returns only transport
// errors: nothing is left for its callers.
func (s *Store) ReleaseLogged(ctx context.Context, name, token string) error {
	n, err := counted.Run(ctx, s.rdb, []string{lockKey(name)}, token).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		log.Printf("lock %s was lost before its release", name)
	}
	return nil
}

// Run drops Unlock's answer.
func (s *Store) Run(ctx context.Context, name, token string, work func()) {
	if ok, err := s.Lock(ctx, name, token); err != nil || !ok {
		return
	}
	work()
	s.Unlock(ctx, name, token) // want `Unlock \(EVALSHA at passed.go:47\) drops its result: its error is how the release reports that the lock was no longer ours`
}

// RunDeferred drops Release's answer in a deferred closure.
func (s *Store) RunDeferred(ctx context.Context, name, token string, work func()) {
	if ok, err := s.Lock(ctx, name, token); err != nil || !ok {
		return
	}
	defer func() {
		s.Release(ctx, name, token) // want `Release \(EVALSHA at passed.go:52\) drops its result: its error is how the release reports that the lock was no longer ours`
	}()
	work()
}

// RunChecked reads every answer.
func (s *Store) RunChecked(ctx context.Context, name, token string, work func()) error {
	if ok, err := s.Lock(ctx, name, token); err != nil || !ok {
		return err
	}
	work()
	if err := s.Release(ctx, name, token); err != nil { // ok: checked
		return err
	}
	s.ReleaseLogged(ctx, name, token) // ok: ReleaseLogged read the answer
	return nil
}

// A Job reaches its lock through the Locker interface.
type Job struct {
	name  string
	locks Locker
}

// Finish drops the interface's answer, the Store's Unlock.
func (j *Job) Finish(ctx context.Context, token string) {
	j.locks.Unlock(ctx, j.name, token) // want `Unlock \(EVALSHA at passed.go:47\) drops its result: its error is how the release reports that the lock was no longer ours`
}
