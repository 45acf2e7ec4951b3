package pidrecompute

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// HostLock names its holder by host process too, and its release checks
// the holder by computing the pid again: a fresh token stored at
// construction would never match that check, so there is no fix.
type HostLock struct {
	key   string
	owner string
	rdb   *redis.Client
}

func NewHostLock(key string, rdb *redis.Client) *HostLock {
	return &HostLock{key: key, owner: hostOwner(), rdb: rdb}
}

func processID() string { return strconv.Itoa(os.Getpid()) }

func hostOwner() string {
	host, _ := os.Hostname()
	return host + "/" + processID()
}

func (l *HostLock) TryLock(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.owner, time.Minute).Result() // want `SetNX writes os.Getpid\(\) \(recheck.go:\d+\) combined only with os.Hostname\(\) as the value of lock key l.key`
}

// HeldHere reports whether this process holds the lock.
func (l *HostLock) HeldHere(ctx context.Context) bool {
	v, err := l.rdb.Get(ctx, l.key).Result()
	return err == nil && len(v) > 0 && v[len(v)-len(processID()):] == processID()
}

func (l *HostLock) String() string { return fmt.Sprintf("%s held by %s", l.key, l.owner) }
