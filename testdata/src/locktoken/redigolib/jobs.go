package redigolib

import (
	"os"

	"github.com/gomodule/redigo/redis"
	"github.com/google/uuid"
)

// RunNightly uses the library's own lock with a fixed token.
func RunNightly(pool *redis.Pool, work func()) error {
	lock := NewLock(pool, "nightly", "token") // want `NewLock receives the constant "token" \(jobs.go:12\), which Do\("SET"\) at lock.go:32 writes as the value of lock key l.key: every client writes the same value`
	ok, err := lock.Lock()
	if err != nil || !ok {
		return err
	}
	defer lock.Unlock()
	work()
	return nil
}

// RunHourly names the holder by host: one value for every acquisition of
// this host.
func RunHourly(pool *redis.Pool, work func()) error {
	host, _ := os.Hostname()
	lock := NewLock(pool, "hourly", host) // want `NewLock receives os.Hostname\(\) \(jobs.go:25\), which Do\("SET"\) at lock.go:32 writes as the value of lock key l.key`
	ok, err := lock.Lock()
	if err != nil || !ok {
		return err
	}
	defer lock.Unlock()
	work()
	return nil
}

// RunWeekly draws a fresh token.
func RunWeekly(pool *redis.Pool, work func()) error {
	lock := NewLock(pool, "weekly", uuid.NewString()) // ok: a fresh token
	ok, err := lock.Lock()
	if err != nil || !ok {
		return err
	}
	defer lock.Unlock()
	work()
	return nil
}

// RunFor passes its caller's token through: importers choose it.
func RunFor(pool *redis.Pool, key, token string, work func()) error {
	lock := NewLock(pool, key, token) // ok: an exported function's parameter
	ok, err := lock.Lock()
	if err != nil || !ok {
		return err
	}
	defer lock.Unlock()
	work()
	return nil
}
