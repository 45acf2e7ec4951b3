package forwarded

import (
	"time"

	"github.com/gomodule/redigo/redis"
)

// do sends a command on the connection it is given: the connection is
// only the receiver, the command word and arguments are its callers'.
func do(c redis.Conn, cmd string, args []interface{}) (interface{}, error) {
	return c.Do(cmd, args...)
}

// loggedConn hands itself to do, its variadic arguments as one slice: a
// call of its Do sends what the same call on redigo would.
type loggedConn struct{ c redis.Conn }

func (l loggedConn) Do(cmd string, args ...interface{}) (interface{}, error) {
	return do(l.c, cmd, args)
}

// ReportLock guards one report build through loggedConn.
type ReportLock struct {
	conn  loggedConn
	key   string
	token string
}

func NewReportLock(c redis.Conn, report, token string) *ReportLock {
	return &ReportLock{conn: loggedConn{c: c}, key: "report:lock:" + report, token: token}
}

func (l *ReportLock) Lock(ttl time.Duration) (bool, error) {
	reply, err := redis.String(l.conn.Do("SET", l.key, l.token, "NX", "PX", ttl.Milliseconds()))
	if err == redis.ErrNil {
		return false, nil
	}
	return reply == "OK", err
}

func (l *ReportLock) Unlock() error {
	_, err := l.conn.Do("DEL", l.key) // want `^Do\("DEL"\) releases lock key l.key \(acquired by Do\("SET"\) at viafunc.go:35\) without checking the owner token`
	return err
}

// packed passes its arguments on as one value, not spread: redigo sends
// the slice as a single argument, which is no command leasevet can read.
type packed struct{ c redis.Conn }

func (p packed) Do(cmd string, args ...interface{}) (interface{}, error) {
	return p.c.Do(cmd, args)
}

// Purge is silent: what packed sends is not the DEL written here.
func Purge(c redis.Conn, name string) error {
	p := packed{c: c}
	if _, err := p.Do("SET", "purge:lock:"+name, "x", "NX", "EX", 60); err != nil {
		return err
	}
	_, err := p.Do("DEL", "purge:lock:"+name)
	return err
}
