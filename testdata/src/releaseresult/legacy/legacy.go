// Package legacy releases locks with redigo scripts and go-redis v8.
package legacy

import (
	"context"

	redisv8 "github.com/go-redis/redis/v8"
	"github.com/gomodule/redigo/redis"
)

var release = redis.NewScript(1, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

func Unlock(conn redis.Conn, key, token string) error {
	_, err := release.Do(conn, key, token) // want `Do runs an owner-checked release script on lock key passed to Unlock\w* as key but keeps only its error`
	return err
}

func UnlockInt(conn redis.Conn, key, token string) error {
	_, err := redis.Int(release.Do(conn, key, token)) // want `Do runs an owner-checked release script on lock key passed to Unlock\w* as key but keeps only its error`
	return err
}

func UnlockChecked(conn redis.Conn, key, token string) (bool, error) {
	n, err := redis.Int(release.Do(conn, key, token)) // ok
	return n == 1, err
}

func UnlockV8(ctx context.Context, rdb *redisv8.Client, key, token string) error {
	return rdb.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, []string{key}, token).Err() // want `Eval runs an owner-checked release script on lock key passed to Unlock\w* as key but checks only .Err\(\)`
}
