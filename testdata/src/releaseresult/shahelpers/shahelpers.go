// Package shahelpers loads its scripts through small helpers and runs
// them through a runner whose EvalSha hands its keys to a function of
// its own, as services that wrap go-redis in layers do. The release
// answer is the script's 0, which each layer passes on.
package shahelpers

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

const releaseSrc = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

// releaseSHA holds the SHA1 of releaseSrc once Load has run.
var releaseSHA string

// loadRelease loads the release script and returns its SHA1.
func loadRelease(ctx context.Context, rdb *redis.Client) string {
	return rdb.ScriptLoad(ctx, releaseSrc).Val()
}

// Load loads the scripts.
func Load(ctx context.Context, rdb *redis.Client) {
	releaseSHA = loadRelease(ctx, rdb)
}

// Runner runs loaded scripts.
type Runner struct{ rdb *redis.Client }

// EvalSha runs the script sha on keys.
func (r *Runner) EvalSha(ctx context.Context, sha string, keys []string, args ...any) (any, error) {
	return evalSha(ctx, r, sha, keys, args)
}

func evalSha(ctx context.Context, r *Runner, sha string, keys []string, args []any) (any, error) {
	return r.rdb.EvalSha(ctx, sha, keys, args...).Result()
}

// ErrLost is returned when the lock was no longer ours.
var ErrLost = errors.New("shahelpers: lock lost")

// Mutex is a lock on one key.
type Mutex struct {
	run   *Runner
	rdb   *redis.Client
	key   string
	token string
}

// NewMutex returns a mutex on name.
func NewMutex(rdb *redis.Client, name string) *Mutex {
	return &Mutex{run: &Runner{rdb: rdb}, rdb: rdb, key: "lock:" + name, token: uuid.NewString()}
}

// Lock acquires the mutex.
func (m *Mutex) Lock(ctx context.Context) (bool, error) {
	return m.rdb.SetNX(ctx, m.key, m.token, time.Minute).Result()
}

// release runs the release script and passes its reply on.
func (m *Mutex) release(ctx context.Context) (any, error) {
	return m.run.EvalSha(ctx, releaseSHA, []string{m.key}, m.token)
}

// Unlock keeps only the error of the reply release passes on.
func (m *Mutex) Unlock(ctx context.Context) error {
	_, err := m.release(ctx) // want `release \(EVALSHA at shahelpers.go:40\) runs an owner-checked release script on lock key m.key but keeps only its error`
	return err
}

// UnlockChecked reads the reply: 0 is a lost lock.
func (m *Mutex) UnlockChecked(ctx context.Context) error {
	res, err := m.release(ctx) // ok: the reply is compared
	if err != nil {
		return err
	}
	if n, _ := res.(int64); n == 0 {
		return ErrLost
	}
	return nil
}

// UnlockLocal loads the script into a local through the helper first.
func (m *Mutex) UnlockLocal(ctx context.Context) error {
	sha := loadRelease(ctx, m.rdb)
	return m.rdb.EvalSha(ctx, sha, []string{m.key}, m.token).Err() // want `EvalSha runs an owner-checked release script on lock key m.key but checks only .Err\(\)`
}
