// Command mainlockok keeps a small lock library in package main: nothing can
// import it, so every call of its constructors is here, two levels up from
// the literal that stores the token.
package main

import (
	"fmt"

	"github.com/gomodule/redigo/redis"
	"github.com/google/uuid"
)

type Lock struct {
	name  string
	token string
	conn  redis.Conn
	ttl   int
}

func (l *Lock) key() string { return "mainlockok:" + l.name }

func (l *Lock) tryLock() (bool, error) {
	_, err := redis.String(l.conn.Do("SET", l.key(), l.token, "EX", l.ttl, "NX")) // ok: every caller passes a UUID
	if err == redis.ErrNil {
		return false, nil
	}
	return err == nil, err
}

func (l *Lock) Unlock() error {
	_, err := l.conn.Do("DEL", l.key())
	return err
}

func TryLock(conn redis.Conn, name, token string) (*Lock, bool, error) {
	return TryLockFor(conn, name, token, 10)
}

func TryLockFor(conn redis.Conn, name, token string, ttl int) (*Lock, bool, error) {
	l := &Lock{name, token, conn, ttl}
	ok, err := l.tryLock()
	return l, ok, err
}

func main() {
	conn, err := redis.Dial("tcp", "localhost:6379")
	if err != nil {
		return
	}
	l, ok, _ := TryLock(conn, "report", uuid.NewString())
	if ok {
		fmt.Println("locked")
		l.Unlock()
	}
}
