// Package service holds lock code of the kinds found in services that
// identify the lock holder by host, process or time.
package service

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

var errNotOwner = errors.New("service: lock lost")

const releaseLua = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end`

type Scheduler struct {
	rdb *redis.Client
}

func (s *Scheduler) release(ctx context.Context, key, owner string) error {
	n, err := s.rdb.Eval(ctx, releaseLua, []string{key}, owner).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return errNotOwner
	}
	return nil
}

// RunReport lets one host run the daily report.
func (s *Scheduler) RunReport(ctx context.Context) error {
	host, err := os.Hostname()
	if err != nil {
		return err
	}
	ok, err := s.rdb.SetNX(ctx, "lock:report", host, time.Minute).Result() // want `SetNX writes os.Hostname\(\) \(host.go:37\) as the value of lock key "lock:report": every acquisition by this process or host writes the same value`
	if err != nil || !ok {
		return err
	}
	return s.release(ctx, "lock:report", host)
}

// RunCleanup names the holder by host and process id.
func (s *Scheduler) RunCleanup(ctx context.Context) error {
	host, _ := os.Hostname()
	owner := fmt.Sprintf("%s-%d", host, os.Getpid())
	ok, err := s.rdb.SetNX(ctx, "lock:cleanup", owner, time.Minute).Result() // want `SetNX writes os.Hostname\(\) \(host.go:50\) combined only with os.Getpid\(\) as the value of lock key "lock:cleanup"`
	if err != nil || !ok {
		return err
	}
	return s.release(ctx, "lock:cleanup", owner)
}

// RunBilling stamps the lock with the acquisition time.
func (s *Scheduler) RunBilling(ctx context.Context) error {
	stamp := strconv.FormatInt(time.Now().UnixNano(), 10)
	ok, err := s.rdb.SetNX(ctx, "lock:billing", stamp, time.Minute).Result() // want `SetNX writes time.Now\(\) \(host.go:61\) as the value of lock key "lock:billing": two clients acquiring in the same clock tick write the same value, so one can release or extend the other's lock; use a fresh token per acquisition \(safelock.NewToken\(\)\)`
	if err != nil || !ok {
		return err
	}
	return s.release(ctx, "lock:billing", stamp)
}

// RunExport uses SetArgs with a constant owner chosen by a branch.
func (s *Scheduler) RunExport(ctx context.Context, urgent bool) error {
	owner := "exporter"
	if urgent {
		owner = "exporter-urgent"
	}
	err := s.rdb.SetArgs(ctx, "lock:export", owner, redis.SetArgs{Mode: "NX", TTL: time.Minute}).Err() // want `SetArgs writes the constant "exporter" \(host.go:71\) as the value of lock key "lock:export"`
	if err != nil {
		return err
	}
	return s.release(ctx, "lock:export", owner)
}

// RunLegacy is a reviewed exception.
func (s *Scheduler) RunLegacy(ctx context.Context) error {
	host, _ := os.Hostname()
	//leasevet:ignore locktoken single-host deployment, token reviewed in OPS-7
	ok, err := s.rdb.SetNX(ctx, "lock:legacy", host, time.Minute).Result()
	if err != nil || !ok {
		return err
	}
	return s.release(ctx, "lock:legacy", host)
}
