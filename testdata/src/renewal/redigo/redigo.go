// Package redigo runs a redigo watchdog stopped by a send on a channel.
package redigo

import (
	"time"

	"github.com/gomodule/redigo/redis"
)

var (
	renew   = redis.NewScript(1, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0`)
	release = redis.NewScript(1, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)
)

type Lock struct {
	pool  *redis.Pool
	key   string
	token string
	stop  chan struct{}
}

func (l *Lock) Lock() (bool, error) {
	conn := l.pool.Get()
	defer conn.Close()
	reply, err := conn.Do("SET", l.key, l.token, "NX", "PX", 30000)
	if err != nil || reply == nil {
		return false, err
	}
	l.stop = make(chan struct{})
	go l.keepAlive() // ok: returns on stop
	return true, nil
}

func (l *Lock) keepAlive() {
	for {
		select {
		case <-l.stop:
			return
		case <-time.After(10 * time.Second):
			conn := l.pool.Get()
			renew.Do(conn, l.key, l.token, 30000)
			conn.Close()
		}
	}
}

// Unlock releases, then signals the watchdog.
func (l *Lock) Unlock() error {
	conn := l.pool.Get()
	defer conn.Close()
	_, err := redis.Int(release.Do(conn, l.key, l.token)) // want `Lock.Unlock releases lock key l.key \(Do\) before it stops the watchdog started at redigo.go:30`
	l.stop <- struct{}{}
	return err
}

// UnlockFirst signals first.
func (l *Lock) UnlockFirst() error {
	l.stop <- struct{}{}
	conn := l.pool.Get()
	defer conn.Close()
	_, err := redis.Int(release.Do(conn, l.key, l.token)) // ok
	return err
}

// Forever renews from a goroutine that sleeps and never stops.
func (l *Lock) Forever() {
	go func() { // want `goroutine renews lock key l.key \(Do at redigo.go:71\) in a loop with no way to stop`
		for {
			time.Sleep(10 * time.Second)
			conn := l.pool.Get()
			renew.Do(conn, l.key, l.token, 30000)
			conn.Close()
		}
	}()
}
