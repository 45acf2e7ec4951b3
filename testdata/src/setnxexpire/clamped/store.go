// Package clamped computes the TTL of its locks after the acquire: a
// TTL clamped to a floor, converted to seconds, or read from settings
// once the SETNX has answered. The computation has no effect but on
// locals, so the fix moves it above the acquire and gives the acquire
// the TTL; where it reads the acquire's answer, calls code of its own or
// lets the value escape, the finding stays without a fix.
package clamped

import (
	"context"
	"log"
	"time"

	"github.com/redis/go-redis/v9"
)

// Settings configure a Store.
type Settings struct {
	LockSeconds int
}

// Store takes short-lived locks for a rate limiter.
type Store struct {
	rdb      *redis.Client
	prefix   string
	settings Settings
}

// SetIfNotExistsWithTTL sets key when it is not set and gives it ttl,
// never less than a second (EXPIRE 0 would delete the key).
func (s *Store) SetIfNotExistsWithTTL(ctx context.Context, key string, value int64, ttl time.Duration) (bool, error) {
	key = s.prefix + key

	updated, err := s.rdb.SetNX(ctx, key, value, 0).Result()
	if err != nil {
		return false, err
	}

	// EXPIRE 0 deletes the key: keep at least a second.
	if ttl < time.Second {
		ttl = time.Second
	}

	err = s.rdb.Expire(ctx, key, ttl).Err() // want `Expire sets the TTL of key passed to Store.SetIfNotExistsWithTTL as key only after SetNX acquired it`
	return updated, err
}

// TryLock reads the lock's TTL from the settings once it holds the lock.
func (s *Store) TryLock(ctx context.Context, name, token string) (bool, error) {
	key := s.prefix + "lock:" + name
	ok, err := s.rdb.SetNX(ctx, key, token, 0).Result()
	if err != nil || !ok {
		return false, err
	}
	ttl := time.Duration(s.settings.LockSeconds) * time.Second
	if err := s.rdb.Expire(ctx, key, ttl).Err(); err != nil { // want `Expire sets the TTL of lock key s.prefix \+ "lock:" \+ name only after SetNX acquired it`
		return false, err
	}
	return true, nil
}

// TryLockLonger gives a lock it did not get a longer TTL: the clamp
// reads the acquire's answer, so it cannot run before it.
func (s *Store) TryLockLonger(ctx context.Context, name, token string, ttl time.Duration) (bool, error) {
	key := s.prefix + "lock:longer:" + name
	ok, err := s.rdb.SetNX(ctx, key, token, 0).Result()
	if err != nil {
		return false, err
	}
	if !ok {
		ttl *= 2
	}
	if err := s.rdb.Expire(ctx, key, ttl).Err(); err != nil { // want `Expire sets the TTL of lock key s.prefix \+ "lock:longer:" \+ name only after SetNX acquired it`
		return false, err
	}
	return ok, nil
}

// TryLockLogged logs the TTL it was asked for before clamping it: moved
// above the acquire, the clamp would change what is logged.
func (s *Store) TryLockLogged(ctx context.Context, name, token string, ttl time.Duration) (bool, error) {
	key := s.prefix + "lock:logged:" + name
	ok, err := s.rdb.SetNX(ctx, key, token, 0).Result()
	if err != nil || !ok {
		return false, err
	}
	log.Printf("lock %s held, asked for %s", key, ttl)
	if ttl < time.Second {
		ttl = time.Second
	}
	if err := s.rdb.Expire(ctx, key, ttl).Err(); err != nil { // want `Expire sets the TTL of lock key s.prefix \+ "lock:logged:" \+ name only after SetNX acquired it`
		return false, err
	}
	return true, nil
}

// TryLockPolicy asks a method of its own for the TTL: a call may do
// anything, so it stays where it is.
func (s *Store) TryLockPolicy(ctx context.Context, name, token string) (bool, error) {
	key := s.prefix + "lock:policy:" + name
	ok, err := s.rdb.SetNX(ctx, key, token, 0).Result()
	if err != nil || !ok {
		return false, err
	}
	ttl := s.lockTTL(name)
	if err := s.rdb.Expire(ctx, key, ttl).Err(); err != nil { // want `Expire sets the TTL of lock key s.prefix \+ "lock:policy:" \+ name only after SetNX acquired it`
		return false, err
	}
	return true, nil
}

func (s *Store) lockTTL(name string) time.Duration {
	if name == "report" {
		return time.Minute
	}
	return time.Duration(s.settings.LockSeconds) * time.Second
}

// TryLockWatched hands the TTL's address to a watcher started before
// the clamp, which may read it at any time.
func (s *Store) TryLockWatched(ctx context.Context, name, token string, ttl time.Duration) (bool, error) {
	key := s.prefix + "lock:watched:" + name
	ok, err := s.rdb.SetNX(ctx, key, token, 0).Result()
	if err != nil || !ok {
		return false, err
	}
	go watch(ctx, key, &ttl)
	if ttl < time.Second {
		ttl = time.Second
	}
	if err := s.rdb.Expire(ctx, key, ttl).Err(); err != nil { // want `Expire sets the TTL of lock key s.prefix \+ "lock:watched:" \+ name only after SetNX acquired it`
		return false, err
	}
	return true, nil
}

func watch(ctx context.Context, key string, ttl *time.Duration) {
	<-ctx.Done()
	log.Printf("lock %s (%s) done", key, *ttl)
}
