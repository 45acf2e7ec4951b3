package legacy

import (
	"github.com/gomodule/redigo/redis"
)

// Commands names the commands it sends, as code that logs or traces
// them does: a local assigned one constant is that command.
func (p *Pool) Commands(name, owner string, ttl int) (bool, error) {
	conn := p.p.Get()
	defer conn.Close()
	key := "lock:cmd:" + name
	setnx, expire := "SETNX", "EXPIRE"
	n, err := redis.Int(conn.Do(setnx, key, owner))
	if err != nil || n == 0 {
		return false, err
	}
	_, err = conn.Do(expire, key, ttl) // want `Do\("EXPIRE"\) sets the TTL of lock key "lock:cmd:" \+ name only after Do\("SETNX"\) acquired it`
	return err == nil, err
}

// Options sends SET with its options in locals: NX and PX together are
// the atomic acquire, not reported.
func (p *Pool) Options(name, owner string) (bool, error) {
	conn := p.p.Get()
	defer conn.Close()
	nx, px := "NX", "PX"
	reply, err := redis.String(conn.Do("SET", "lock:opt:"+name, owner, nx, px, 30000)) // ok
	if err == redis.ErrNil {
		return false, nil
	}
	return reply == "OK", err
}

// Chosen picks its command at run time: which one is sent is not
// known, so nothing is judged.
func (p *Pool) Chosen(name, owner string, renew bool) error {
	conn := p.p.Get()
	defer conn.Close()
	cmd := "SETNX"
	if renew {
		cmd = "SET"
	}
	if _, err := conn.Do(cmd, "lock:chosen:"+name, owner); err != nil { // ok: the command is not one constant
		return err
	}
	_, err := conn.Do("EXPIRE", "lock:chosen:"+name, 30) // ok
	return err
}
