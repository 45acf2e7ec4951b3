// Command mainlock keeps a small lock library in package main: nothing can
// import it, so every call of its constructors is here, two levels up from
// the literal that stores the token.
package main

import (
	"fmt"

	"github.com/gomodule/redigo/redis"
)

type Lock struct {
	name  string
	token string
	conn  redis.Conn
	ttl   int
}

func (l *Lock) key() string { return "mainlock:" + l.name }

func (l *Lock) tryLock() (bool, error) {
	_, err := redis.String(l.conn.Do("SET", l.key(), l.token, "EX", l.ttl, "NX")) // want `Do\("SET"\) writes the constant "job-1" \(main.go:49\) as the value of lock key l.key\(\)`
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
	l, ok, _ := TryLock(conn, "report", "job-1")
	if ok {
		fmt.Println("locked")
		l.Unlock()
	}
}
