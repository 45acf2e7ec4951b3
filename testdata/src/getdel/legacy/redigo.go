package legacy

import (
	"github.com/gomodule/redigo/redis"
)

const lockKey = "lock:billing"

func TryBilling(conn redis.Conn, token string, ttlMillis int) (bool, error) {
	ok, err := redis.String(conn.Do("SET", lockKey, token, "PX", ttlMillis, "NX"))
	if err == redis.ErrNil {
		return false, nil
	}
	return ok == "OK", err
}

func ReleaseBilling(conn redis.Conn, token string) error {
	cur, err := redis.String(conn.Do("GET", lockKey))
	if err != nil {
		return err
	}
	if cur != token {
		return nil
	}
	_, err = conn.Do("DEL", lockKey) // want `Do\("DEL"\) deletes lock key lockKey \(acquired by Do\("SET"\) at redigo.go:10\) after Do\("GET"\) at redigo.go:18 compared its value in Go`
	return err
}
