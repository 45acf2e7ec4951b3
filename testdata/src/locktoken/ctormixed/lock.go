// Package ctormixed builds its locks in constructors too, but some
// construction or assignment of the value field draws a fresh token, or
// the value is the caller's choice: nothing is reported.
package ctormixed

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

var ErrNotOwner = errors.New("ctormixed: not the lock owner")

var unlockScript = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

type Lock struct {
	rdb   *redis.Client
	key   string
	value string
}

func newLock(rdb *redis.Client, key, value string) *Lock {
	return &Lock{rdb: rdb, key: key, value: value}
}

// LockClock stamps the value with the clock...
func LockClock(rdb *redis.Client, name string) *Lock {
	return newLock(rdb, "lock:"+name, strconv.FormatInt(time.Now().UnixNano(), 10))
}

// ...but LockFresh draws a UUID: the field is not always weak.
func LockFresh(rdb *redis.Client, name string) *Lock {
	return newLock(rdb, "lock:"+name, uuid.NewString())
}

func (l *Lock) TryLock(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.value, time.Minute).Result() // ok: one construction draws a UUID
}

func (l *Lock) Unlock(ctx context.Context) error {
	n, err := unlockScript.Run(ctx, l.rdb, []string{l.key}, l.value).Int()
	if err == nil && n == 0 {
		err = ErrNotOwner
	}
	return err
}

// Mutex is built with a constant, but every Lock call renews the value.
type Mutex struct {
	rdb   *redis.Client
	name  string
	owner string
}

func newMutex(rdb *redis.Client, name, owner string) *Mutex {
	return &Mutex{rdb: rdb, name: name, owner: owner}
}

func DefaultMutex(rdb *redis.Client) *Mutex { return newMutex(rdb, "mutex:default", "unset") }

func (m *Mutex) Lock(ctx context.Context) (bool, error) {
	m.owner = uuid.NewString()
	return m.rdb.SetNX(ctx, m.name, m.owner, time.Minute).Result() // ok: assigned a UUID before each acquire
}

// Guard takes its owner from the caller of an exported function: callers
// in other packages choose it.
type Guard struct {
	rdb   *redis.Client
	key   string
	owner string
}

func newGuard(rdb *redis.Client, key, owner string) *Guard {
	return &Guard{rdb: rdb, key: key, owner: owner}
}

func GuardFor(rdb *redis.Client, key, owner string) *Guard { return newGuard(rdb, "lock:"+key, owner) }

func (g *Guard) TryLock(ctx context.Context) (bool, error) {
	return g.rdb.SetNX(ctx, g.key, g.owner, time.Minute).Result() // ok: the value is an exported function's parameter
}

// marker is a dedup marker built the same way: a constant value is what
// it should write.
type marker struct {
	rdb   *redis.Client
	key   string
	value string
}

func newMarker(rdb *redis.Client, id string) *marker {
	return newMarkerWith(rdb, "processed:"+id, "1")
}

func newMarkerWith(rdb *redis.Client, key, value string) *marker {
	return &marker{rdb: rdb, key: key, value: value}
}

func (m *marker) MarkProcessed(ctx context.Context) (bool, error) { // want MarkProcessed:"own values at lock.go:105"
	return m.rdb.SetNX(ctx, m.key, m.value, 24*time.Hour).Result() // ok: a dedup marker, not a lock key
}

func Process(ctx context.Context, rdb *redis.Client, id string) (bool, error) {
	return newMarker(rdb, id).MarkProcessed(ctx)
}
