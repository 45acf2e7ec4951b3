// Package captured keeps the lock value in a local that a renewal or
// release goroutine also reads: the closure capturing the variable must
// not hide where the value comes from.
package captured

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

const checkAndExtend = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0`

// Stamped uses the start time as the lock value and hands it to a keeper
// goroutine: two workers starting in the same tick share the value.
func Stamped(ctx context.Context, rdb *redis.Client, queue string) {
	key := "consumer:lock:" + queue
	val := fmt.Sprintf("consumer-%d", time.Now().UnixNano())
	if !rdb.SetNX(ctx, key, val, 10*time.Second).Val() { // want `SetNX writes time.Now\(\) \(captured.go:22\) as the value of lock key "consumer:lock:" \+ queue`
		return
	}
	go func() {
		for range time.Tick(3 * time.Second) {
			n, err := rdb.Eval(ctx, checkAndExtend, []string{key}, val, 10000).Int()
			if err != nil || n == 0 {
				return
			}
		}
	}()
}

// Fixed writes one constant and the closure only reads it.
func Fixed(ctx context.Context, rdb *redis.Client, queue string) {
	key := "consumer:lock:" + queue
	val := "busy"
	if !rdb.SetNX(ctx, key, val, 10*time.Second).Val() { // want `SetNX writes the constant "busy" \(captured.go:39\) as the value of lock key "consumer:lock:" \+ queue`
		return
	}
	go func() {
		n, err := rdb.Eval(ctx, checkAndExtend, []string{key}, val, 10000).Int()
		_, _ = n, err
	}()
}

// Rerolled starts from a placeholder but a closure run before the acquire
// replaces it with random bytes: the value has a unique part.
func Rerolled(ctx context.Context, rdb *redis.Client, queue string) {
	key := "consumer:lock:" + queue
	val := "pending"
	fill := func() {
		b := make([]byte, 16)
		_, _ = rand.Read(b)
		val = hex.EncodeToString(b)
	}
	fill()
	if !rdb.SetNX(ctx, key, val, 10*time.Second).Val() {
		return
	}
	go func() {
		n, err := rdb.Eval(ctx, checkAndExtend, []string{key}, val, 10000).Int()
		_, _ = n, err
	}()
}
