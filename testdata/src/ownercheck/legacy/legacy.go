// Package legacy releases go-redis v8 and redigo locks with compare
// scripts, checking the reply.
package legacy

import (
	"context"
	"errors"
	"time"

	v8 "github.com/go-redis/redis/v8"
	"github.com/gomodule/redigo/redis"
)

var errNotHeld = errors.New("legacy: not held")

var unlockV8 = v8.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`)

type V8Lock struct {
	rdb   v8.UniversalClient
	key   string
	token string
}

func (l *V8Lock) Lock(ctx context.Context, ttl time.Duration) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, ttl).Result()
}

func (l *V8Lock) Unlock(ctx context.Context) error {
	n, err := unlockV8.Run(ctx, l.rdb, []string{l.key}, l.token).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return errNotHeld
	}
	return nil
}

const unlockSrc = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`

type ConnLock struct {
	pool  *redis.Pool
	key   string
	token string
}

func (l *ConnLock) Lock(ttlMillis int) (bool, error) {
	conn := l.pool.Get()
	defer conn.Close()
	_, err := redis.String(conn.Do("SET", l.key, l.token, "NX", "PX", ttlMillis))
	if errors.Is(err, redis.ErrNil) {
		return false, nil
	}
	return err == nil, err
}

func (l *ConnLock) Unlock() error {
	conn := l.pool.Get()
	defer conn.Close()
	n, err := redis.Int(redis.NewScript(1, unlockSrc).Do(conn, l.key, l.token))
	if err != nil {
		return err
	}
	if n == 0 {
		return errNotHeld
	}
	return nil
}

// UnlockWatched is the redigo WATCH/MULTI/EXEC release: EXEC discards the
// DEL if the key changed after WATCH, so the compare in Go is safe here.
func (l *ConnLock) UnlockWatched() error {
	conn := l.pool.Get()
	defer conn.Close()
	if _, err := conn.Do("WATCH", l.key); err != nil {
		return err
	}
	cur, err := redis.String(conn.Do("GET", l.key))
	if err != nil {
		return err
	}
	if cur != l.token {
		_, err := conn.Do("UNWATCH")
		return errors.Join(errNotHeld, err)
	}
	if err := conn.Send("MULTI"); err != nil {
		return err
	}
	if err := conn.Send("DEL", l.key); err != nil {
		return err
	}
	reply, err := conn.Do("EXEC")
	if err != nil {
		return err
	}
	if reply == nil {
		return errNotHeld // the key changed after WATCH
	}
	return nil
}
