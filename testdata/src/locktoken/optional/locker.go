// Package optional hands out locks whose value the caller may pass as an
// optional argument: a caller that passes none gets the default, a clock
// reading, and every such acquisition in the same tick writes one value.
package optional

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

type Manager struct{ rdb redis.UniversalClient }

type Lock struct {
	rdb   redis.UniversalClient
	key   string
	value string
}

func newLock(rdb redis.UniversalClient, key, value string) *Lock {
	return &Lock{rdb: rdb, key: key, value: value}
}

// Locker takes an optional value; the default is the time.
func (m *Manager) Locker(name string, value ...string) *Lock {
	v := strconv.FormatInt(time.Now().UnixNano(), 10)
	if len(value) > 0 {
		v = strings.Join(value, "-")
	}
	return newLock(m.rdb, "locker:"+name, v)
}

func (l *Lock) TryLock(ctx context.Context) bool {
	return l.rdb.SetNX(ctx, l.key, l.value, time.Minute).Val() // want `SetNX writes time.Now\(\) \(locker.go:29; the default when the optional value argument is not passed\) as the value of lock key l.key`
}

func (l *Lock) Unlock(ctx context.Context) {
	l.rdb.Del(ctx, l.key)
}

// Slots takes a caller's optional token with a random default: fine.
type Slots struct{ rdb redis.UniversalClient }

func (s *Slots) Take(ctx context.Context, name string, token ...string) bool {
	v := newToken()
	if len(token) > 0 {
		v = token[0]
	}
	ok := s.rdb.SetNX(ctx, "slot:lock:"+name, v, time.Minute).Val() // ok: the default is unique
	defer s.rdb.Del(ctx, "slot:lock:"+name)
	return ok
}

// Joined uses the caller's parts with a separator and no default: the
// constant is the separator, not a value.
func (m *Manager) Joined(ctx context.Context, name string, parts ...string) bool {
	ok := m.rdb.SetNX(ctx, "joined:lock:"+name, strings.Join(parts, "-"), time.Minute).Val() // ok: the caller's value
	defer m.rdb.Del(ctx, "joined:lock:"+name)
	return ok
}
