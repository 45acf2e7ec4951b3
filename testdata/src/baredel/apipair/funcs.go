package apipair

import (
	"github.com/gomodule/redigo/redis"
)

// AcquireLock and ReleaseLock are free functions over redigo, the pair a
// service's lock package exports.
func AcquireLock(conn redis.Conn, key, id string, ms int) (bool, error) {
	reply, err := redis.String(conn.Do("SET", key, id, "NX", "PX", ms))
	if err == redis.ErrNil {
		return false, nil
	}
	return reply == "OK", err
}

func ReleaseLock(conn redis.Conn, key, id string) error {
	_, err := conn.Do("DEL", key) // want `Do\("DEL"\) releases lock key passed to ReleaseLock as key \(acquired by Do\("SET"\) at funcs.go:10\)`
	return err
}
