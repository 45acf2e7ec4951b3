// Package forwarded holds its release script behind an interface of its
// own, whose only implementation passes every argument on to the redigo
// script: the release is read at the call, as one on the script itself
// would be.
package forwarded

import (
	"errors"

	"github.com/gomodule/redigo/redis"
)

// Releaser runs the compare-and-delete script.
type Releaser interface {
	Do(c redis.Conn, keysAndArgs ...interface{}) (interface{}, error)
}

type scriptReleaser struct{ s *redis.Script }

func (r scriptReleaser) Do(c redis.Conn, keysAndArgs ...interface{}) (interface{}, error) {
	return r.s.Do(c, keysAndArgs...)
}

var release Releaser = scriptReleaser{s: redis.NewScript(1, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)}

// Lease is one holder's claim on a key.
type Lease struct {
	pool  *redis.Pool
	key   string
	token string
}

// Release keeps only the script's error.
func (l *Lease) Release() error {
	conn := l.pool.Get()
	defer conn.Close()
	_, err := redis.Int(release.Do(conn, l.key, l.token)) // want `^Do runs an owner-checked release script on lock key l.key but keeps only its error`
	return err
}

// ReleaseChecked reads the reply: 0 is a lost lock.
func (l *Lease) ReleaseChecked() error {
	conn := l.pool.Get()
	defer conn.Close()
	n, err := redis.Int(release.Do(conn, l.key, l.token))
	if err != nil {
		return err
	}
	if n == 0 {
		return errors.New("lease lost")
	}
	return nil
}
