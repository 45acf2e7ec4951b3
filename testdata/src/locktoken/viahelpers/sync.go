// Package viahelpers builds lock values with the helpers of another
// package.
package viahelpers

import (
	"context"
	"errors"
	"fmt"
	"time"

	"example.com/fixtures/tokens/ident"
	"github.com/redis/go-redis/v9"
)

var errLost = errors.New("viahelpers: lock lost")

var unlock = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

type Syncer struct{ rdb *redis.Client }

func (s *Syncer) run(ctx context.Context, key, owner string, work func() error) error {
	ok, err := s.rdb.SetNX(ctx, key, owner, time.Minute).Result() // ok: a parameter, judged at the call sites
	if err != nil || !ok {
		return err
	}
	if err := work(); err != nil {
		return err
	}
	n, err := unlock.Run(ctx, s.rdb, []string{key}, owner).Int()
	if err == nil && n == 0 {
		err = errLost
	}
	return err
}

func (s *Syncer) SyncUsers(ctx context.Context) error {
	return s.run(ctx, "lock:sync-users", ident.Owner(), nil) // want `run writes ident.Owner\(\) \(sync.go:37; from os.Hostname\(\) at ident.go:\d+\) as the value of lock key "lock:sync-users": every acquisition by this process or host writes the same value`
}

func (s *Syncer) SyncOrders(ctx context.Context) error {
	return s.run(ctx, "lock:sync-orders", ident.InstanceID, nil) // want `run writes package variable ident.InstanceID \(sync.go:41; set once at ident.go:\d+\) as the value of lock key "lock:sync-orders"`
}

func (s *Syncer) SyncStats(ctx context.Context) error {
	owner := fmt.Sprintf("%s@%d", ident.Hostname(), ident.Started())
	return s.run(ctx, "lock:sync-stats", owner, nil) // want `run writes ident.Started\(\) \(sync.go:45; from time.Now\(\) at ident.go:\d+\) combined only with ident.Hostname\(\) as the value of lock key "lock:sync-stats": two clients acquiring in the same clock tick`
}

func (s *Syncer) SyncFeeds(ctx context.Context) error {
	return s.run(ctx, "lock:sync-feeds", ident.Owner()+"/"+ident.RequestID(), nil) // ok: a fresh request id per acquisition
}
