package clamped

import (
	"time"

	redigo "github.com/gomodule/redigo/redis"
)

// RedigoStore is Store on a redigo pool.
type RedigoStore struct {
	pool   *redigo.Pool
	prefix string
}

// SetIfNotExistsWithTTL sets key when it is not set, then gives it ttl in
// whole seconds, at least one.
func (r *RedigoStore) SetIfNotExistsWithTTL(key string, value int64, ttl time.Duration) (bool, error) {
	key = r.prefix + key
	conn := r.pool.Get()
	defer conn.Close()

	v, err := redigo.Int64(conn.Do("SETNX", key, value))
	if err != nil {
		return false, err
	}

	updated := v == 1

	ttlSeconds := int(ttl.Seconds())

	// EXPIRE 0 deletes the key: keep at least a second.
	if ttlSeconds < 1 {
		ttlSeconds = 1
	}

	if _, err := conn.Do("EXPIRE", key, ttlSeconds); err != nil { // want `Do\("EXPIRE"\) sets the TTL of key passed to RedigoStore.SetIfNotExistsWithTTL as key only after Do\("SETNX"\) acquired it`
		return updated, err
	}

	return updated, nil
}
