package forwarded

import (
	"context"
	"log"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// Runner runs one Lua script. Two types implement it; which one a call
// reaches is read from the value the variable holds.
type Runner interface {
	Run(ctx context.Context, c goredis.Scripter, keys []string, args ...interface{}) *goredis.Cmd
}

// scriptRunner passes everything on to its script.
type scriptRunner struct{ s *goredis.Script }

func (r scriptRunner) Run(ctx context.Context, c goredis.Scripter, keys []string, args ...interface{}) *goredis.Cmd {
	return r.s.Run(ctx, c, keys, args...)
}

// loggedRunner logs each run first.
type loggedRunner struct {
	s    *goredis.Script
	name string
}

func (r loggedRunner) Run(ctx context.Context, c goredis.Scripter, keys []string, args ...interface{}) *goredis.Cmd {
	log.Printf("running %s", r.name)
	return r.s.Run(ctx, c, keys, args...)
}

const releaseLua = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

const extendLua = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0`

var (
	releaseRunner Runner = scriptRunner{s: goredis.NewScript(releaseLua)}
	extendRunner  Runner = scriptRunner{s: goredis.NewScript(extendLua)}
	auditRunner   Runner = loggedRunner{s: goredis.NewScript(releaseLua), name: "release"}
)

// Job holds a lock for one run.
type Job struct {
	rdb   *goredis.Client
	key   string
	token string
}

// Finish trusts .Err(): a 0 reply is not an error.
func (j *Job) Finish(ctx context.Context) error {
	return releaseRunner.Run(ctx, j.rdb, []string{j.key}, j.token).Err() // want `^Run runs an owner-checked release script on lock key j.key but checks only .Err\(\)`
}

// Extend drops the renewal's answer.
func (j *Job) Extend(ctx context.Context, ttl time.Duration) {
	extendRunner.Run(ctx, j.rdb, []string{j.key}, j.token, ttl.Milliseconds()) // want `^Run runs an owner-checked renewal script on lock key j.key but drops its result`
}

// FinishAudited reads the reply through the logging runner.
func (j *Job) FinishAudited(ctx context.Context) (bool, error) {
	n, err := auditRunner.Run(ctx, j.rdb, []string{j.key}, j.token).Int64()
	return n == 1, err
}
