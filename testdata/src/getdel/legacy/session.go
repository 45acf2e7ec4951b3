package legacy

import (
	"errors"

	"github.com/gomodule/redigo/redis"
)

var (
	ErrSessionTaken = errors.New("legacy: session lock held by another worker")
	ErrSessionGone  = errors.New("legacy: session lock already expired")
)

// SessionLock is a redigo lock that keeps its key and its owner token.
type SessionLock struct {
	pool  *redis.Pool
	key   string
	token string
}

func (s *SessionLock) Acquire(ttlSeconds int) (bool, error) {
	conn := s.pool.Get()
	defer conn.Close()
	_, err := redis.String(conn.Do("SET", s.key, s.token, "NX", "EX", ttlSeconds))
	if err == redis.ErrNil {
		return false, nil
	}
	return err == nil, err
}

// Release reads the DEL's reply through redis.Int and checks its error at
// once: the fix sends a compare-and-delete script in the DEL's place
// (its error reply now answers a token that differs) and takes the GET
// and the compare out.
func (s *SessionLock) Release() error {
	conn := s.pool.Get()
	defer conn.Close()
	cur, err := redis.String(conn.Do("GET", s.key))
	if err != nil {
		return err
	}
	if cur != s.token {
		return ErrSessionTaken
	}
	n, err := redis.Int(conn.Do("DEL", s.key)) // want `Do\("DEL"\) deletes lock key s.key \(acquired by Do\("SET"\) at session.go:24\) after Do\("GET"\) at session.go:38 compared its value in Go, as a separate command: the lock can expire and be acquired by another client in between, and this deletes their lock; compare and delete in one step with a compare-and-delete script`
	if err != nil {
		return err
	}
	if n != 1 {
		return ErrSessionGone
	}
	return nil
}

// ReleaseQuiet drops the converted reply's error: a token that differs
// would go unnoticed after a fix, so none is offered.
func (s *SessionLock) ReleaseQuiet() bool {
	conn := s.pool.Get()
	defer conn.Close()
	cur, err := redis.String(conn.Do("GET", s.key))
	if err != nil {
		return false
	}
	if cur != s.token {
		return false
	}
	n, _ := redis.Int(conn.Do("DEL", s.key)) // want `Do\("DEL"\) deletes lock key s.key \(acquired by Do\("SET"\) at session.go:24\) after Do\("GET"\) at session.go:60 compared its value in Go`
	return n == 1
}
