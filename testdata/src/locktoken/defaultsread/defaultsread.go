// Package defaultsread stamps its locks with a clock default, as package
// defaults does, but reads the stamp for more than the lock: it is logged
// as the time the lock was made, and in the other method built from a
// reading kept in a variable. A fresh token would change what the log
// says, or drop the reading, so no fix is offered.
package defaultsread

import (
	"context"
	"log"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// A Lock holds one key with the value it was given.
type Lock struct {
	rdb   *redis.Client
	key   string
	value string
}

// TryLock takes the lock once.
func (l *Lock) TryLock(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.value, time.Minute).Result() // want `SetNX writes time.Now\(\)`
}

// A StampLock is a Lock stamped from a reading kept in a variable.
type StampLock struct {
	rdb   *redis.Client
	key   string
	value string
}

// TryLock takes the lock once.
func (l *StampLock) TryLock(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.value, time.Minute).Result() // want `SetNX writes time.Now\(\)`
}

// A Manager makes locks.
type Manager struct{ rdb *redis.Client }

// Locker logs when it made the lock.
func (m *Manager) Locker(key string, value ...string) *Lock {
	v := strconv.FormatInt(time.Now().UnixNano(), 10)
	if len(value) > 0 {
		v = strings.Join(value, "-")
	}
	log.Printf("lock %s made at %s", key, v)
	return &Lock{rdb: m.rdb, key: key, value: v}
}

// LockerAt stamps the lock with a reading it keeps.
func (m *Manager) LockerAt(key string, value ...string) *StampLock {
	now := time.Now()
	v := strconv.FormatInt(now.UnixNano(), 10)
	if len(value) > 0 {
		v = strings.Join(value, "-")
	}
	return &StampLock{rdb: m.rdb, key: key, value: v}
}
