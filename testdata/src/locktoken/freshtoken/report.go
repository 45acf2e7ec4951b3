// Package freshtoken holds constant lock values on clients safelock does
// not take. A value nothing reads back is replaced by crypto/rand's
// Text(), a fresh 128-bit token per acquisition (Go 1.24 and later), or
// in a file for an older Go (from 1.20) by a number from math/rand; a
// value the package reads back, or one in a file where rand names
// another package, gets no fix.
package freshtoken

import (
	"context"
	"time"

	"github.com/go-redis/redis/v8"
)

// Report runs the daily report under a lock whose value nothing reads.
func Report(ctx context.Context, rdb *redis.Client, day string, run func()) {
	ok, err := rdb.SetNX(ctx, "lock:report:"+day, "report-worker", time.Minute).Result() // want `SetNX writes the constant "report-worker" \(report.go:18\) as the value of lock key "lock:report:" \+ day`
	if err != nil || !ok {
		return
	}
	defer rdb.Del(ctx, "lock:report:"+day)
	run()
}

// Busy reads the lock's value back and compares it: the constant is
// what it compares with, so it is not replaced.
func Busy(ctx context.Context, rdb *redis.Client, job string) bool {
	return rdb.Get(ctx, "lock:job:"+job).Val() == "1"
}

// Job takes the lock Busy reads.
func Job(ctx context.Context, rdb *redis.Client, job string) bool {
	return rdb.SetNX(ctx, "lock:job:"+job, 1, time.Minute).Val() // want `SetNX writes the constant 1 \(report.go:34\) as the value of lock key "lock:job:" \+ job`
}
