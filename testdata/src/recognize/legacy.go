package recognize

import (
	"context"
	"time"

	redisv6 "github.com/go-redis/redis"
	redisv8 "github.com/go-redis/redis/v8"
	"github.com/gomodule/redigo/redis"
)

var redigoRelease = redis.NewScript(1, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

func legacy(ctx context.Context, c8 *redisv8.Client, c6 *redisv6.Client, conn redis.Conn, cc redis.ConnWithContext) {
	c8.SetNX(ctx, "l1", "v", 0)                         // want `SET NX key="l1" ttl=no`
	c6.SetNX("l2", "v", time.Second)                    // want `SET NX key="l2" ttl=yes`
	c6.Expire("l3", time.Second)                        // want `EXPIRE key="l3" ttl=yes`
	conn.Do("SET", "l4", "v", "NX", "EX", 30)           // want `SET NX key="l4" ttl=yes`
	conn.Send("DEL", "l5")                              // want `DEL key="l5" ttl=no queued`
	redigoRelease.Do(conn, "l6", "tok")                 // want `EVALSHA key="l6" script=guarded-del`
	cc.DoContext(ctx, "EXPIRE", "l7", 30)               // want `EXPIRE key="l7" ttl=yes`
	redis.DoWithTimeout(conn, time.Second, "GET", "l8") // want `GET key="l8" ttl=no`
	redis.String(conn.Do("GET", "l9"))                  // want `GET key="l9" ttl=no`
}

// wordLock names its commands once, in fields its constructor sets.
type wordLock struct {
	conn    redis.Conn
	acquire string
	release string
}

func newWordLock(conn redis.Conn) *wordLock {
	return &wordLock{conn: conn, acquire: "SET", release: "DEL"}
}

func (l *wordLock) use() {
	l.conn.Do(l.acquire, "w1", "v", "NX", "PX", 100) // want `SET NX key="w1" ttl=yes`
	l.conn.Do(l.release, "w1")                       // want `DEL key="w1" ttl=no`
}
