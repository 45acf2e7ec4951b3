package freshtoken

import (
	"math/rand"

	"github.com/gomodule/redigo/redis"
)

// Shuffle's file names math/rand rand: no fix, rather than a second rand.
func Shuffle(conn redis.Conn, items []string) (bool, error) {
	rand.Shuffle(len(items), func(i, j int) { items[i], items[j] = items[j], items[i] })
	reply, err := redis.String(conn.Do("SET", "lock:shuffle", "shuffler", "NX", "PX", 30000)) // want `Do\("SET"\) writes the constant "shuffler" \(shuffle.go:12\) as the value of lock key "lock:shuffle"`
	if err == redis.ErrNil {
		return false, nil
	}
	return reply == "OK", err
}
