package legacy

import (
	"github.com/gomodule/redigo/redis"
)

type ConnLock struct {
	conn  redis.Conn
	key   string
	token string
}

func (l *ConnLock) Lock(ttlMillis int) (bool, error) {
	reply, err := redis.String(l.conn.Do("SET", l.key, l.token, "NX", "PX", ttlMillis))
	if err == redis.ErrNil {
		return false, nil
	}
	return reply == "OK", err
}

// Unlock deletes with DEL: the fix sends a compare-and-delete script.
func (l *ConnLock) Unlock() error {
	_, err := l.conn.Do("DEL", l.key) // want `Do\("DEL"\) releases lock key l.key \(acquired by Do\("SET"\) at redigo.go:14\)`
	return err
}
