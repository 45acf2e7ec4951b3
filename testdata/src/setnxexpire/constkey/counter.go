// Package constkey takes one fixed lock through helpers of its own: the
// helpers' key does not depend on their parameters, so the bug is judged
// inside them and never again at the calls of their callers.
package constkey

import (
	"github.com/gomodule/redigo/redis"
)

const counterLock = "counter_lock"

func lock(c redis.Conn) (bool, error) {
	return redis.Bool(c.Do("SETNX", counterLock, 1)) // want `Do\("SETNX"\) acquires lock key counterLock with no TTL and nothing ever sets one`
}

func unlock(c redis.Conn) error {
	_, err := c.Do("DEL", counterLock)
	return err
}

func bump(c redis.Conn) {
	if ok, err := lock(c); err != nil || !ok {
		return
	}
	defer unlock(c)
	c.Do("INCR", "counter")
}

func bumpAll(pool *redis.Pool, n int) {
	for range n {
		go bump(pool.Get()) // ok: judged in lock
	}
}
