// Package redigo waits for redigo locks.
package redigo

import (
	"errors"
	"time"

	"github.com/gomodule/redigo/redis"
)

var errBusy = errors.New("redigo: busy")

type Lock struct {
	pool  *redis.Pool
	key   string
	token string
}

// Grab loops on SET NX with nothing else.
func (l *Lock) Grab() {
	conn := l.pool.Get()
	defer conn.Close()
	for { // want `loop retries Do\("SET"\) on lock key l.key \(at redigo.go:24\) until it succeeds with nothing that waits` `with no other way out`
		reply, _ := conn.Do("SET", l.key, l.token, "NX", "PX", 30000)
		if reply != nil {
			break
		}
	}
}

// GrabRetries sleeps between a bounded number of tries.
func (l *Lock) GrabRetries(retries int, delay time.Duration) error {
	conn := l.pool.Get()
	defer conn.Close()
	for i := 0; i < retries; i++ { // ok: sleeps, bounded
		reply, err := conn.Do("SET", l.key, l.token, "NX", "PX", 30000)
		if err != nil {
			return err
		}
		if reply != nil {
			return nil
		}
		time.Sleep(delay)
	}
	return errBusy
}

// GrabLegacy uses SETNX and waits on a ticker until told to stop.
func (l *Lock) GrabLegacy(stop <-chan struct{}) error {
	conn := l.pool.Get()
	defer conn.Close()
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for { // ok: waits on the ticker, stop ends it
		n, err := redis.Int(conn.Do("SETNX", l.key, l.token))
		if err != nil {
			return err
		}
		if n == 1 {
			_, err = conn.Do("EXPIRE", l.key, 30)
			return err
		}
		select {
		case <-stop:
			return errBusy
		case <-t.C:
		}
	}
}

// GrabForever sleeps but has no way out.
func (l *Lock) GrabForever() {
	conn := l.pool.Get()
	defer conn.Close()
	for { // want `loop retries Do\("SETNX"\) on lock key l.key \(at redigo.go:76\) until it succeeds with no other way out`
		n, _ := redis.Int(conn.Do("SETNX", l.key, l.token))
		if n == 1 {
			break
		}
		time.Sleep(time.Second)
	}
	conn.Do("EXPIRE", l.key, 30)
}

var release = redis.NewScript(1, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

func (l *Lock) Release() error {
	conn := l.pool.Get()
	defer conn.Close()
	_, err := redis.Int(release.Do(conn, l.key, l.token))
	return err
}
