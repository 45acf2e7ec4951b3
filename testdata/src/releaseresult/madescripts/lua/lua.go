// Package lua holds the service's Lua scripts, and the calls that run a
// script by its source, so that other packages do not repeat them.
package lua

import (
	"context"

	redigo "github.com/gomodule/redigo/redis"
	"github.com/redis/go-redis/v9"
)

const releaseSrc = `if redis.call("get", KEYS[1]) == ARGV[1] then
	return redis.call("del", KEYS[1])
end
return 0`

// Release returns the compare-and-delete script.
func Release() *redis.Script { return redis.NewScript(releaseSrc) }

// Compile wraps a source in a script object.
func Compile(src string) *redis.Script { return redis.NewScript(src) }

// RunCached runs src by its SHA1: the server must have loaded it.
func RunCached(ctx context.Context, rdb redis.Scripter, src string, keys []string, args ...any) *redis.Cmd {
	return rdb.EvalSha(ctx, redis.NewScript(src).Hash(), keys, args...)
}

// EvalOne sends src with one key and one argument over a redigo
// connection.
func EvalOne(c redigo.Conn, src, key, arg string) (any, error) {
	return c.Do("EVAL", src, 1, key, arg)
}

// Digest returns the SHA1 that EVALSHA runs s by.
func Digest(s *redis.Script) string { return s.Hash() }
