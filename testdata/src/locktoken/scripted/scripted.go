// Package scripted takes locks with a script that sets the key with NX
// and an expiry in one step: the value the script writes is ARGV's, and
// it is judged as SET NX's would be.
package scripted

import (
	"context"
	"fmt"
	"os"
	"time"

	redigo "github.com/gomodule/redigo/redis"
	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

const acquireSrc = `if redis.call("SET", KEYS[1], ARGV[1], "NX", "PX", ARGV[2]) then return 1 end return 0`

var acquire = redis.NewScript(acquireSrc)

// LeaderLock takes the leadership lock of a scheduler.
type LeaderLock struct {
	rdb *redis.Client
	key string
	ttl time.Duration
}

// Campaign writes the same constant as every other instance.
func (l *LeaderLock) Campaign(ctx context.Context) (bool, error) {
	n, err := acquire.Run(ctx, l.rdb, []string{l.key}, "leader", l.ttl.Milliseconds()).Int() // want `the script's SET NX makes every acquisition write the constant "leader"`
	return n == 1, err
}

// CampaignOwned writes a fresh token per acquisition: silent.
func (l *LeaderLock) CampaignOwned(ctx context.Context) (string, bool, error) {
	token := uuid.NewString()
	n, err := acquire.Run(ctx, l.rdb, []string{l.key}, token, l.ttl.Milliseconds()).Int()
	return token, n == 1, err
}

// CampaignSpread passes ARGV as a slice: which element is the value is
// not followed, so silent.
func (l *LeaderLock) CampaignSpread(ctx context.Context) (bool, error) {
	args := []any{"leader", l.ttl.Milliseconds()}
	n, err := acquire.Run(ctx, l.rdb, []string{l.key}, args...).Int()
	return n == 1, err
}

// Pool is a redigo lock whose acquire is a same-package wrapper around a
// script; its callers pass the value.
type Pool struct {
	pool *redigo.Pool
}

var setNXEx = redigo.NewScript(1, `if redis.call("SET", KEYS[1], ARGV[1], "NX", "EX", ARGV[2]) then return 1 end return 0`)

// TryLock sets key to value with NX and an expiry, answering 1 or 0.
func (p *Pool) TryLock(key, value string, seconds int) (bool, error) {
	conn := p.pool.Get()
	defer conn.Close()
	return redigo.Bool(setNXEx.Do(conn, key, value, seconds))
}

// Owner is this process's identity, the same for every acquisition.
var owner = fmt.Sprintf("worker-%d", os.Getpid())

// LockJob passes the process's identity through the wrapper.
func (p *Pool) LockJob(job string) (bool, error) {
	return p.TryLock("lock:job:"+job, owner, 30) // want `TryLock makes every acquisition write package variable owner`
}
