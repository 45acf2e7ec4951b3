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

// Refresh: EXISTS 0 means the lock is gone, and its EXPIRE does nothing.
func (l *V8Lock) Refresh(ctx context.Context, ttl time.Duration) (bool, error) {
	n, err := l.rdb.Eval(ctx, `if redis.call("EXISTS", KEYS[1]) == 0 then
	redis.call("EXPIRE", KEYS[1], ARGV[2])
	return -1
end
if redis.call("GET", KEYS[1]) ~= ARGV[1] then return 0 end
return redis.call("EXPIRE", KEYS[1], ARGV[2])`, []string{l.key}, l.token, int(ttl.Seconds())).Int() // ok
	return n == 1, err
}

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

// renewCreated creates the key where it was missing, then extends it:
// the key exists after the SET, so the PEXPIRE extends a live lock.
var renewCreated = redigo.NewScript(1, `if redis.call("GET", KEYS[1]) == false then redis.call("SET", KEYS[1], ARGV[1]) end
return redis.call("PEXPIRE", KEYS[1], ARGV[2])`)

func (l *ConnLock) Renew(ttlMillis int) error {
	_, err := renewCreated.Do(l.conn, l.key, l.token, ttlMillis) // want `Do renews lock key l.key with a new TTL \(acquired by Do\("SET"\) at legacy.go:41\) in a script that does not compare the owner token`
	return err
}
