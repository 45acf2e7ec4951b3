// Package defaults builds its locks through a manager whose methods stamp
// the lock with the clock unless the caller passes a value of its own:
// the clock reading is a default, written once in each method. The fix
// replaces every default with a fresh token and keeps the caller's value.
package defaults

import (
	"context"
	"fmt"
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
	ttl   time.Duration
}

func newLock(rdb *redis.Client, key, value string, ttl time.Duration) *Lock {
	return &Lock{rdb: rdb, key: key, value: value, ttl: ttl}
}

// TryLock takes the lock once.
func (l *Lock) TryLock(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.value, l.ttl).Result() // want `SetNX writes time.Now\(\) \(defaults.go:42; the default when the optional value argument is not passed\)`
}

// A Manager makes locks under a namespace.
type Manager struct {
	rdb       *redis.Client
	namespace string
}

// Locker returns the lock on name, valued by value or the clock.
func (m *Manager) Locker(name string, value ...string) *Lock {
	v := strconv.FormatInt(time.Now().UnixNano(), 10)
	if len(value) > 0 {
		v = strings.Join(value, "-")
	}
	return newLock(m.rdb, fmt.Sprintf("%s:lock:%s", m.namespace, name), v, 30*time.Second)
}

// LockerFor is Locker with a TTL of the caller's.
func (m *Manager) LockerFor(name string, ttl time.Duration, value ...string) *Lock {
	v := strconv.FormatInt(time.Now().UnixNano(), 10)
	if len(value) > 0 {
		v = strings.Join(value, "-")
	}
	return newLock(m.rdb, fmt.Sprintf("%s:lock:%s", m.namespace, name), v, ttl)
}
