// Package gozero renews a lock with go-zero's redis.
package gozero

import (
	"github.com/zeromicro/go-zero/core/stores/redis"
)

type Mutex struct {
	rds   *redis.Redis
	key   string
	token string
}

func (m *Mutex) TryLock() (bool, error) {
	return m.rds.SetnxEx(m.key, m.token, 30)
}

// Extend extends whoever holds the key.
func (m *Mutex) Extend() error {
	return m.rds.Expire(m.key, 30) // want `Expire renews lock key m.key with a new TTL \(acquired by SetnxEx at lock.go:15\) without checking the owner token`
}

// ExtendChecked is correct: a compare-and-expire script.
func (m *Mutex) ExtendChecked() error {
	_, err := m.rds.Eval(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("expire", KEYS[1], ARGV[2]) end return redis.error_reply("not held")`, []string{m.key}, m.token, 30)
	return err
}

func (m *Mutex) Unlock() error {
	_, err := m.rds.Eval(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return redis.error_reply("not held")`, []string{m.key}, m.token)
	return err
}

// Lease re-acquires its RedisLock to renew it: owner-checked.
func Lease(rds *redis.Redis) (bool, error) {
	lock := redis.NewRedisLock(rds, "lease")
	return lock.Acquire()
}

// Keep renews as a statement: the fix returns the script's error.
func (m *Mutex) Keep() error {
	m.rds.Expire(m.key, 30) // want `Expire renews lock key m.key with a new TTL \(acquired by SetnxEx at lock.go:15\) without checking the owner token`
	return nil
}
