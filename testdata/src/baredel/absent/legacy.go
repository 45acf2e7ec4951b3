package absent

import (
	"context"
	"time"

	redisv8 "github.com/go-redis/redis/v8"
	redigo "github.com/gomodule/redigo/redis"
)

// V8Lock holds a lock with go-redis v8.
type V8Lock struct {
	rdb   *redisv8.Client
	key   string
	token string
}

func (l *V8Lock) Lock(ctx context.Context, ttl time.Duration) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, ttl).Result()
}

// Unlock: `not v` is true only when GET found nothing.
func (l *V8Lock) Unlock(ctx context.Context) (bool, error) {
	n, err := l.rdb.Eval(ctx, `local v = redis.call("GET", KEYS[1])
if not v then redis.call("DEL", KEYS[1]) return 0 end
if v ~= ARGV[1] then return 0 end
return redis.call("DEL", KEYS[1])`, []string{l.key}, l.token).Int() // ok
	return n == 1, err
}

// releaseIfExpired deletes only after PTTL said -2 (no such key).
var releaseIfExpired = redigo.NewScript(1, `local t = redis.call("PTTL", KEYS[1])
if t == -2 then redis.call("DEL", KEYS[1]) return 0 end
return t`)

// ConnLock is a redigo lock.
type ConnLock struct {
	conn  redigo.Conn
	key   string
	token string
}

func (l *ConnLock) Lock(ttlMillis int) (bool, error) {
	reply, err := redigo.String(l.conn.Do("SET", l.key, l.token, "NX", "PX", ttlMillis))
	if err == redigo.ErrNil {
		return false, nil
	}
	return reply == "OK", err
}

func (l *ConnLock) Sweep() (int64, error) {
	return redigo.Int64(releaseIfExpired.Do(l.conn, l.key)) // ok: deletes nothing that exists
}

// Unlock deletes whatever is there.
func (l *ConnLock) Unlock() error {
	_, err := redigo.NewScript(1, `if redis.call("PTTL", KEYS[1]) ~= -2 then return redis.call("DEL", KEYS[1]) end return 0`).Do(l.conn, l.key) // want `Do deletes lock key l.key \(acquired by Do\("SET"\) at legacy.go:44\) in a script that does not compare the owner token`
	return err
}
