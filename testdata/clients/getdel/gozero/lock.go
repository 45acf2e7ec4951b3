// Package gozero compares the lock value in Go before deleting.
package gozero

import (
	"github.com/zeromicro/go-zero/core/stores/redis"
)

// Unlock reads, compares and deletes in three steps.
func Unlock(rds *redis.Redis, key, token string) error {
	v, err := rds.Get(key)
	if err != nil {
		return err
	}
	if v == token {
		_, err = rds.Del(key) // want `Del deletes lock key passed to Unlock as key after Get`
	}
	return err
}

// Renew reads, compares and renews.
func Renew(rds *redis.Redis, key, token string) error {
	if v, _ := rds.Get(key); v != token {
		return nil
	}
	return rds.Expire(key, 30) // want `Expire renews lock key passed to Renew as key after Get`
}

// UnlockEval is correct.
func UnlockEval(rds *redis.Redis, key, token string) (any, error) {
	return rds.Eval(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, []string{key}, token)
}
