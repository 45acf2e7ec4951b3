package replies

import (
	"context"
	"time"

	redisv8 "github.com/go-redis/redis/v8"
	redigo "github.com/gomodule/redigo/redis"
)

const releaseNilLua = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end`

const releaseAndOrLua = `return redis.call("get", KEYS[1]) == ARGV[1] and redis.call("del", KEYS[1]) or 0`

// V8Lock is a go-redis v8 lock.
type V8Lock struct {
	rdb   *redisv8.Client
	key   string
	token string
}

func (l *V8Lock) Lock(ctx context.Context, ttl time.Duration) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, ttl).Result()
}

// Unlock: a script that falls off the end on a lost lock replies nil,
// which go-redis v8 returns as redis.Nil.
func (l *V8Lock) Unlock(ctx context.Context) error {
	err := l.rdb.Eval(ctx, releaseNilLua, []string{l.key}, l.token).Err() // ok: a lost lock is redis.Nil
	if err == redisv8.Nil {
		return nil
	}
	return err
}

func (l *V8Lock) UnlockAndOr(ctx context.Context) {
	_, err := l.rdb.Eval(ctx, releaseAndOrLua, []string{l.key}, l.token).Result() // want `Eval runs an owner-checked release script on lock key l.key but keeps only its error: it replies 0`
	_ = err
}

var releaseAndOr = redigo.NewScript(1, releaseAndOrLua)

// UnlockRedigo keeps only the error of the integer reply.
func UnlockRedigo(conn redigo.Conn, lockKey, token string) error {
	_, err := redigo.Int(releaseAndOr.Do(conn, lockKey, token)) // want `Do runs an owner-checked release script on lock key passed to UnlockRedigo as lockKey but keeps only its error: it replies 0`
	return err
}

func UnlockRedigoChecked(conn redigo.Conn, lockKey, token string) (bool, error) {
	n, err := redigo.Int(releaseAndOr.Do(conn, lockKey, token)) // ok
	return n == 1, err
}
