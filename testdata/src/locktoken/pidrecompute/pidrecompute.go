// Package pidrecompute names the holders of its locks through helpers,
// but computes the identity again elsewhere: a release that recomputes the
// pid itself (PidLock), or a check through a helper of the chain
// (HostLock). A fresh token stored at construction would never match
// those checks, so there is no fix.
package pidrecompute

import (
	"context"
	"errors"
	"os"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrNotHeld = errors.New("pidrecompute: lock not held")

// PidLock is a lock on one key, its holder the process.
type PidLock struct {
	key   string
	owner string
	rdb   *redis.Client
}

func NewPidLock(key string, rdb *redis.Client) *PidLock {
	return &PidLock{key: key, owner: pidOwner(), rdb: rdb}
}

func pidOwner() string { return "pid-" + strconv.Itoa(os.Getpid()) }

func (l *PidLock) TryLock(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.owner, time.Minute).Result() // want `SetNX writes os.Getpid\(\) \(pidrecompute.go:\d+\) as the value of lock key l.key`
}

// Release deletes the lock if this process holds it.
func (l *PidLock) Release(ctx context.Context) error {
	v, err := l.rdb.Get(ctx, l.key).Result()
	if err != nil {
		return err
	}
	if v != "pid-"+strconv.Itoa(os.Getpid()) {
		return ErrNotHeld
	}
	return l.rdb.Del(ctx, l.key).Err()
}
