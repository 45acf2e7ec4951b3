// Package forwarded reaches Redis through a client type of its own whose
// methods pass every argument on to the real client: the command word,
// the key and the token are written at the calls, so a bare DEL through
// it is reported there, as one written on the client itself would be.
// No fix is offered: the fixes rewrite calls of the client itself.
package forwarded

import (
	"context"
	"errors"
	"time"

	"github.com/gomodule/redigo/redis"
	goredis "github.com/redis/go-redis/v9"
)

// Conn is the part of a connection the jobs use; pooledConn, the only
// implementation, is backed by a redigo connection.
type Conn interface {
	Do(cmd string, args ...interface{}) (interface{}, error)
}

type pooledConn struct{ c redis.Conn }

func (p pooledConn) Do(cmd string, args ...interface{}) (interface{}, error) {
	return p.c.Do(cmd, args...)
}

// JobLock guards one job run.
type JobLock struct {
	conn  Conn
	key   string
	token string
}

// NewJobLock returns the lock of the job named name.
func NewJobLock(c redis.Conn, name, token string) *JobLock {
	return &JobLock{conn: pooledConn{c: c}, key: "job:lock:" + name, token: token}
}

// Lock takes the lock for ttl.
func (l *JobLock) Lock(ttl time.Duration) (bool, error) {
	reply, err := redis.String(l.conn.Do("SET", l.key, l.token, "NX", "PX", ttl.Milliseconds()))
	if err == redis.ErrNil {
		return false, nil
	}
	return reply == "OK", err
}

// Unlock deletes the key whoever holds it.
func (l *JobLock) Unlock() error {
	_, err := l.conn.Do("DEL", l.key) // want `^Do\("DEL"\) releases lock key l.key \(acquired by Do\("SET"\) at forwarded.go:43\) without checking the owner token`
	return err
}

// UnlockOwned releases with a compare-and-delete script sent through the
// same connection: owner-checked, nothing to report.
func (l *JobLock) UnlockOwned() error {
	n, err := redis.Int(l.conn.Do("EVAL", `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, 1, l.key, l.token))
	if err != nil {
		return err
	}
	if n == 0 {
		return errors.New("lock lost")
	}
	return nil
}

// commands sends generic go-redis commands for the cache.
type commands struct{ rdb *goredis.Client }

func (c commands) Do(ctx context.Context, args ...interface{}) *goredis.Cmd {
	return c.rdb.Do(ctx, args...)
}

// Refresh rebuilds the cache entry of name under its lock.
func Refresh(ctx context.Context, rdb *goredis.Client, name string, rebuild func() error) error {
	c := commands{rdb: rdb}
	key := "cache:lock:" + name
	ok, err := c.Do(ctx, "set", key, "1", "nx", "ex", 30).Bool()
	if err != nil || !ok {
		return err
	}
	defer c.Do(ctx, "del", key) // want `^Do\("del"\) releases lock key "cache:lock:" \+ name \(acquired by Do\("set"\) at forwarded.go:80\)`
	return rebuild()
}

// prefixed adds its prefix to every key: not a plain forwarder, so its
// calls are not read as the client's (the key sent is not the one
// written at the call).
type prefixed struct {
	c      redis.Conn
	prefix string
}

func (p prefixed) Do(cmd string, key string, args ...interface{}) (interface{}, error) {
	return p.c.Do(cmd, append([]interface{}{p.prefix + key}, args...)...)
}

// Sweep deletes through the prefixing client: its key is not known here.
func Sweep(c redis.Conn, name string) error {
	p := prefixed{c: c, prefix: "tenant:"}
	if _, err := p.Do("SET", "sweep:lock:"+name, "1", "NX", "EX", 60); err != nil {
		return err
	}
	_, err := p.Do("DEL", "sweep:lock:"+name)
	return err
}
