package legacy

import (
	"github.com/gomodule/redigo/redis"
)

// Pool is the usual redigo setup.
type Pool struct{ p *redis.Pool }

// TryLock uses the legacy SETNX command and EXPIRE in seconds.
func (p *Pool) TryLock(name, owner string) (bool, error) {
	conn := p.p.Get()
	defer conn.Close()
	key := "lock:" + name
	n, err := redis.Int(conn.Do("SETNX", key, owner))
	if err != nil || n == 0 {
		return false, err
	}
	if _, err := conn.Do("EXPIRE", key, 30); err != nil { // want `Do\("EXPIRE"\) sets the TTL of lock key "lock:" \+ name only after Do\("SETNX"\) acquired it`
		return false, err
	}
	return true, nil
}

// TryLockMillis sends SET NX and then PEXPIRE in milliseconds.
func (p *Pool) TryLockMillis(name, owner string, ttlMillis int64) (bool, error) {
	conn := p.p.Get()
	defer conn.Close()
	key := "lock:ms:" + name
	reply, err := redis.String(conn.Do("SET", key, owner, "NX"))
	if err == redis.ErrNil {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	conn.Do("PEXPIRE", key, ttlMillis) // want `Do\("PEXPIRE"\) sets the TTL of lock key "lock:ms:" \+ name only after Do\("SET"\) acquired it`
	return reply == "OK", nil
}

// TryLockAgain reuses err for the expire and returns it.
func (p *Pool) TryLockAgain(name, owner string) (bool, error) {
	conn := p.p.Get()
	defer conn.Close()
	key := "lock:again:" + name
	ok, err := redis.Bool(conn.Do("SETNX", key, owner))
	if err != nil || !ok {
		return false, err
	}
	_, err = conn.Do("EXPIRE", key, 60) // want `Do\("EXPIRE"\) sets the TTL of lock key "lock:again:" \+ name only after Do\("SETNX"\) acquired it`
	return true, err
}

// TryLockLogged reuses err for the expire and reads it after: the code
// after the if would see the acquire's err instead, so no fix.
func (p *Pool) TryLockLogged(name, owner string) (bool, error) {
	conn := p.p.Get()
	defer conn.Close()
	key := "lock:logged:" + name
	ok, err := redis.Bool(conn.Do("SETNX", key, owner))
	if err != nil || !ok {
		return false, err
	}
	_, err = conn.Do("EXPIRE", key, 60) // want `Do\("EXPIRE"\) sets the TTL of lock key "lock:logged:" \+ name only after Do\("SETNX"\) acquired it`
	if err != nil {
		println("expire:", err.Error())
	}
	return err == nil, err
}

// TryLockReply reads SETNX's reply as an integer and sends EXPIRE only
// when it is 1: the expire goes with its if and the integer it tests.
func (p *Pool) TryLockReply(name, owner string, seconds int) (int64, error) {
	conn := p.p.Get()
	defer conn.Close()
	key := "lock:reply:" + name
	reply, err := conn.Do("SETNX", key, owner)
	if err != nil {
		return 0, err
	}
	n, _ := reply.(int64)
	if n == 1 {
		_, _ = conn.Do("EXPIRE", key, seconds) // want `Do\("EXPIRE"\) sets the TTL of lock key "lock:reply:" \+ name only after Do\("SETNX"\) acquired it`
	}
	return reply.(int64), nil
}

// TryLockAsserted asserts the reply without the comma-ok form: deleting
// the assertion could remove a panic, so no fix.
func (p *Pool) TryLockAsserted(name, owner string, seconds int) (bool, error) {
	conn := p.p.Get()
	defer conn.Close()
	key := "lock:asserted:" + name
	reply, err := conn.Do("SETNX", key, owner)
	if err != nil {
		return false, err
	}
	n := reply.(int64)
	if n == 1 {
		_, _ = conn.Do("EXPIRE", key, seconds) // want `Do\("EXPIRE"\) sets the TTL of lock key "lock:asserted:" \+ name only after Do\("SETNX"\) acquired it`
	}
	return reply != nil, nil
}

// TryLockOnce is correct: one SET with NX and PX.
func (p *Pool) TryLockOnce(name, owner string) (bool, error) {
	conn := p.p.Get()
	defer conn.Close()
	reply, err := redis.String(conn.Do("SET", "lock:"+name, owner, "NX", "PX", 30000)) // ok
	if err == redis.ErrNil {
		return false, nil
	}
	return reply == "OK", err
}

// Forever takes a lock with no TTL at all and releases it later.
func (p *Pool) Forever(name string) error {
	conn := p.p.Get()
	defer conn.Close()
	_, err := conn.Do("SET", "lock:forever:"+name, "1", "NX") // want `Do\("SET"\) acquires lock key "lock:forever:" \+ name with no TTL and nothing ever sets one`
	return err
}

func (p *Pool) Unlock(name string) {
	conn := p.p.Get()
	defer conn.Close()
	conn.Do("DEL", "lock:"+name)
	conn.Do("DEL", "lock:forever:"+name)
}
