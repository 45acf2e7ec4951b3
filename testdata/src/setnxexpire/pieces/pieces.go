// Package pieces takes locks through steps.Take, which sets no TTL: one
// caller gives the key its TTL in a second command (the split acquire,
// reported at its EXPIRE), the other never does (no-ttl, at its call).
package pieces

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"

	"example.com/fixtures/setnxexpire/pieces/steps"
)

const reportLock = "lock:report"

// RunReport takes the report lock, then gives it a TTL.
func RunReport(ctx context.Context, rdb *redis.Client, token string) bool {
	ok, err := steps.Take(ctx, rdb, reportLock, token)
	if err != nil || !ok {
		return false
	}
	rdb.Expire(ctx, reportLock, time.Minute) // want `Expire sets the TTL of lock key reportLock only after Take acquired it`
	return true
}

// Migrate takes the migration lock and never gives it a TTL.
func Migrate(ctx context.Context, rdb *redis.Client, token string, run func()) {
	ok, _ := steps.Take(ctx, rdb, "lock:migrate", token) // want `Take acquires lock key "lock:migrate" with no TTL and nothing ever sets one`
	if !ok {
		return
	}
	defer rdb.Del(ctx, "lock:migrate")
	run()
}

// Nightly runs a day's job under a lock it takes and releases itself,
// with no TTL: the lock's whole life is in this function, so its missing
// TTL is reported here, though no call of the package reaches it and its
// key is built from its parameter.
func Nightly(ctx context.Context, rdb *redis.Client, day, token string, run func()) {
	key := "nightly:" + day
	ok, err := rdb.SetNX(ctx, key, token, 0).Result() // want `SetNX acquires lock key "nightly:" \+ day with no TTL and nothing ever sets one`
	if err != nil || !ok {
		return
	}
	defer rdb.Del(ctx, key)
	run()
}

const exportLock = "lock:export"

// RunExport takes the export lock through steps.Claim, then gives it a
// TTL: the split acquire, as with Take.
func RunExport(ctx context.Context, rdb *redis.Client, token string) bool {
	if ok, err := steps.Claim(ctx, rdb, exportLock, token); err != nil || !ok {
		return false
	}
	rdb.Expire(ctx, exportLock, time.Minute) // want `Expire sets the TTL of lock key exportLock only after Claim acquired it`
	return true
}

// Import takes the import lock through steps.Claim and never gives it a
// TTL.
func Import(ctx context.Context, rdb *redis.Client, token string, run func()) {
	ok, _ := steps.Claim(ctx, rdb, "lock:import", token) // want `Claim acquires lock key "lock:import" with no TTL and nothing ever sets one`
	if !ok {
		return
	}
	defer rdb.Del(ctx, "lock:import")
	run()
}

// Backup takes the backup lock through steps.Grab and never gives it a
// TTL.
func Backup(ctx context.Context, rdb *redis.Client, token string, run func()) {
	ok, _ := steps.Grab(ctx, rdb, "lock:backup", token) // want `Grab acquires lock key "lock:backup" with no TTL and nothing ever sets one`
	if !ok {
		return
	}
	defer rdb.Del(ctx, "lock:backup")
	run()
}
