// Package lockv9 is a hand-written lock object: the value field is chosen
// once in the constructor and read by Lock and Unlock.
package lockv9

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrNotHeld = errors.New("lockv9: lock not held")

var unlockScript = redis.NewScript(`
if redis.call("get", KEYS[1]) == ARGV[1] then
	return redis.call("del", KEYS[1])
end
return 0`)

type Mutex struct {
	rdb   *redis.Client
	key   string
	value string
	ttl   time.Duration
}

func NewMutex(rdb *redis.Client, name string, ttl time.Duration) *Mutex {
	return &Mutex{
		rdb:   rdb,
		key:   "mutex:" + name,
		value: "locked",
		ttl:   ttl,
	}
}

func (m *Mutex) Lock(ctx context.Context) (bool, error) {
	return m.rdb.SetNX(ctx, m.key, m.value, m.ttl).Result() // want `SetNX writes the constant "locked" \(lock.go:32\) as the value of lock key m.key: every client writes the same value, so a release or renewal cannot tell whose lock it acts on and deletes or extends another client's lock; use a fresh token per acquisition \(safelock.NewToken\(\)\)`
}

func (m *Mutex) Unlock(ctx context.Context) error {
	n, err := unlockScript.Run(ctx, m.rdb, []string{m.key}, m.value).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotHeld
	}
	return nil
}
