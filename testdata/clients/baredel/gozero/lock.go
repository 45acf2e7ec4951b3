// Package gozero releases locks with go-zero's redis.
package gozero

import (
	"github.com/zeromicro/go-zero/core/stores/redis"
)

// Mutex is a hand-written lock.
type Mutex struct {
	rds   *redis.Redis
	key   string
	token string
}

func (m *Mutex) TryLock() (bool, error) {
	return m.rds.SetnxEx(m.key, m.token, 30)
}

// Unlock deletes whoever holds the key.
func (m *Mutex) Unlock() error {
	_, err := m.rds.Del(m.key) // want `Del releases lock key m.key \(acquired by SetnxEx at lock.go:16\) without checking the owner token.*; release with a compare-and-delete script$`
	return err
}

// UnlockChecked is correct: a compare script through Eval.
func (m *Mutex) UnlockChecked() (bool, error) {
	n, err := m.rds.Eval(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, []string{m.key}, m.token)
	return n == int64(1), err
}

// Job uses go-zero's RedisLock: owner-checked.
func Job(rds *redis.Redis, run func()) error {
	lock := redis.NewRedisLock(rds, "job")
	lock.SetExpire(30)
	ok, err := lock.Acquire()
	if err != nil || !ok {
		return err
	}
	run()
	if released, err := lock.Release(); err != nil || !released {
		return err
	}
	return nil
}
