package selfevident

import (
	"github.com/gomodule/redigo/redis"
)

// Unlock reads the reply, converts it in a second statement and compares.
func Unlock(conn redis.Conn, key, id string) (bool, error) {
	reply, err := conn.Do("GET", key)
	v, err := redis.String(reply, err)
	if err != nil {
		return false, err
	}
	if v == id {
		_, err = conn.Do("DEL", key) // want `Do\("DEL"\) deletes lock key passed to Unlock as key after Do\("GET"\) at redigo.go:9 compared its value in Go`
		return err == nil, err
	}
	return false, nil
}

// Touch compares a numeric owner id read with redis.Int64.
func Touch(conn redis.Conn, key string, owner int64) error {
	cur, err := redis.Int64(conn.Do("GET", key))
	if err != nil {
		return err
	}
	if cur != owner {
		return nil
	}
	_, err = conn.Do("EXPIRE", key, 30) // want `Do\("EXPIRE"\) renews lock key passed to Touch as key after Do\("GET"\) at redigo.go:23 compared its value in Go, as a separate command: the lock can expire and be acquired by another client in between, and this extends their lock; compare and renew in one step with a compare-and-expire script`
	return err
}
