package forwarded

import (
	"time"

	"github.com/gomodule/redigo/redis"
)

// rawConn is the connection the pool hands out; redisConn, its only
// implementation, passes every call on to redigo.
type rawConn interface {
	Do(cmd string, args ...interface{}) (interface{}, error)
}

type redisConn struct{ c redis.Conn }

func (r redisConn) Do(cmd string, args ...interface{}) (interface{}, error) {
	return r.c.Do(cmd, args...)
}

// tracedConn passes every call on to a rawConn: a forwarder over a
// forwarder, whose calls are the client's as much as redisConn's are.
type tracedConn struct{ raw rawConn }

func (t tracedConn) Do(cmd string, args ...interface{}) (interface{}, error) {
	return t.raw.Do(cmd, args...)
}

// ShardLock guards one shard through the traced connection.
type ShardLock struct {
	conn  tracedConn
	key   string
	token string
}

func NewShardLock(c redis.Conn, shard, token string) *ShardLock {
	return &ShardLock{conn: tracedConn{raw: redisConn{c: c}}, key: "shard:lock:" + shard, token: token}
}

func (l *ShardLock) Lock(ttl time.Duration) (bool, error) {
	reply, err := redis.String(l.conn.Do("SET", l.key, l.token, "NX", "PX", ttl.Milliseconds()))
	if err == redis.ErrNil {
		return false, nil
	}
	return reply == "OK", err
}

func (l *ShardLock) Unlock() error {
	_, err := l.conn.Do("DEL", l.key) // want `^Do\("DEL"\) releases lock key l.key \(acquired by Do\("SET"\) at chained.go:41\) without checking the owner token`
	return err
}
