package legacy

import (
	"errors"

	"github.com/gomodule/redigo/redis"
)

var errLost = errors.New("legacy: lock lost")

type PoolLock struct {
	pool  *redis.Pool
	key   string
	token string
}

func (l *PoolLock) TryLock(ttlSeconds int) (bool, error) {
	conn := l.pool.Get()
	defer conn.Close()
	_, err := redis.String(conn.Do("SET", l.key, l.token, "EX", ttlSeconds, "NX"))
	if errors.Is(err, redis.ErrNil) {
		return false, nil
	}
	return err == nil, err
}

// Touch renews with EXPIRE on a pooled connection: the fix sends a
// compare-and-expire script on the same connection.
func (l *PoolLock) Touch(ttlSeconds int) error {
	conn := l.pool.Get()
	defer conn.Close()
	_, err := conn.Do("EXPIRE", l.key, ttlSeconds) // want `Do\("EXPIRE"\) renews lock key l.key with a new TTL \(acquired by Do\("SET"\) at redigo.go:20\)`
	return err
}

var unlock = redis.NewScript(1, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

func (l *PoolLock) Unlock() error {
	conn := l.pool.Get()
	defer conn.Close()
	n, err := redis.Int(unlock.Do(conn, l.key, l.token))
	if err == nil && n == 0 {
		return errLost
	}
	return err
}
