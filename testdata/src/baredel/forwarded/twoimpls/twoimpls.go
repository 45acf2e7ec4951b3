// Package twoimpls reaches Redis through an interface of its own with two
// implementations, one of which rewrites what it is given: a call
// through the interface may send either, so nothing is assumed of it.
package twoimpls

import (
	"strings"

	"github.com/gomodule/redigo/redis"
)

// Conn is the part of a connection the jobs use.
type Conn interface {
	Do(cmd string, args ...interface{}) (interface{}, error)
}

type plainConn struct{ c redis.Conn }

func (p plainConn) Do(cmd string, args ...interface{}) (interface{}, error) {
	return p.c.Do(cmd, args...)
}

// renamingConn turns every DEL into UNLINK.
type renamingConn struct{ c redis.Conn }

func (r renamingConn) Do(cmd string, args ...interface{}) (interface{}, error) {
	if strings.EqualFold(cmd, "DEL") {
		cmd = "UNLINK"
	}
	return r.c.Do(cmd, args...)
}

// JobLock guards one job run.
type JobLock struct {
	conn  Conn
	key   string
	token string
}

// Lock takes the lock for ttlMillis.
func (l *JobLock) Lock(ttlMillis int64) (bool, error) {
	reply, err := redis.String(l.conn.Do("SET", l.key, l.token, "NX", "PX", ttlMillis))
	if err == redis.ErrNil {
		return false, nil
	}
	return reply == "OK", err
}

// Unlock goes through whichever implementation the lock holds.
func (l *JobLock) Unlock() error {
	_, err := l.conn.Do("DEL", l.key)
	return err
}

// shared starts as a plain connection, but UseRenaming can swap it: which
// Do a call reaches is not known.
var shared Conn = plainConn{}

// UseRenaming makes every later DEL through shared an UNLINK.
func UseRenaming(c redis.Conn) { shared = renamingConn{c: c} }

// Reset takes and frees the reset lock through shared.
func Reset(name string) error {
	if _, err := shared.Do("SET", "reset:lock:"+name, "1", "NX", "EX", 30); err != nil {
		return err
	}
	_, err := shared.Do("DEL", "reset:lock:"+name)
	return err
}
