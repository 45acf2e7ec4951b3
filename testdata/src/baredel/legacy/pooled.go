package legacy

import (
	"errors"
	"log"

	"github.com/gomodule/redigo/redis"
)

var ErrAlreadyReleased = errors.New("legacy: lock already released")

// PoolLock takes a connection from the pool for each command.
type PoolLock struct {
	pool  *redis.Pool
	key   string
	token string
}

func (l *PoolLock) Lock(ttlSeconds int) (bool, error) {
	conn := l.pool.Get()
	defer conn.Close()
	reply, err := redis.String(conn.Do("SET", l.key, l.token, "NX", "EX", ttlSeconds))
	if err == redis.ErrNil {
		return false, nil
	}
	return reply == "OK", err
}

// Unlock reads the DEL's count through redis.Int and returns its error at
// once: the fix sends a compare-and-delete script, whose error reply (a
// token that differs) takes that return.
func (l *PoolLock) Unlock() error {
	conn := l.pool.Get()
	defer conn.Close()
	n, err := redis.Int(conn.Do("DEL", l.key)) // want `Do\("DEL"\) releases lock key l.key \(acquired by Do\("SET"\) at pooled.go:22\)`
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrAlreadyReleased
	}
	return nil
}

// UnlockLogged only logs the error and goes on: the fix is offered only
// where the error check leaves the function, so none here.
func (l *PoolLock) UnlockLogged() bool {
	conn := l.pool.Get()
	defer conn.Close()
	n, err := redis.Int(conn.Do("DEL", l.key)) // want `Do\("DEL"\) releases lock key l.key \(acquired by Do\("SET"\) at pooled.go:22\)`
	if err != nil {
		log.Printf("unlock %s: %v", l.key, err)
	}
	return n == 1
}
