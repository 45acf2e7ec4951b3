// Package run runs the redigo script its caller passes, with the keys
// and arguments its caller gives: how many of them are keys is the
// script's to say (redis.NewScript(keyCount, src)).
package run

import "github.com/gomodule/redigo/redis"

// Once sends s on conn with one key and one argument.
func Once(conn redis.Conn, s *redis.Script, key, arg string) (any, error) {
	return s.Do(conn, key, arg)
}

// Extend sends s on conn with one key, one argument and a TTL of its
// own, which the caller's script must not count as a key.
func Extend(conn redis.Conn, s *redis.Script, key, arg string) {
	s.Do(conn, key, arg, 30000)
}
