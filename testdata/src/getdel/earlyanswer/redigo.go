package earlyanswer

import (
	"github.com/gomodule/redigo/redis"
)

// Release deletes key when token still owns it, through a redigo
// connection; a failed GET is answered like a token that differs.
func Release(conn redis.Conn, key, token string) bool {
	v, err := redis.String(conn.Do("GET", key))
	if err != nil {
		return false
	}
	if v != token {
		return false
	}
	conn.Do("DEL", key) // want `Do\("DEL"\) deletes lock key passed to Release as key after Do\("GET"\) at redigo.go:10 compared its value in Go`
	return true
}
