// Package releaseresult drops and reads the answer of compare-and-delete
// scripts run through gredis's Eval: a 0 reply means the lock was no
// longer ours, and it is not an error.
package releaseresult

import (
	"context"
	"errors"

	"github.com/gogf/gf/v2/database/gredis"
	"github.com/gogf/gf/v2/frame/g"
)

var errLost = errors.New("releaseresult: lock lost")

const (
	releaseLua = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`
	extendLua  = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`
	strictLua  = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return redis.error_reply("lock not held")`
)

// Lock is a hand-written lock on gredis.
type Lock struct {
	redis *gredis.Redis
	key   string
	token string
}

// Unlock keeps only the error of the script.
func (l *Lock) Unlock(ctx context.Context) error {
	_, err := l.redis.Eval(ctx, releaseLua, 1, []string{l.key}, []interface{}{l.token}) // want `Eval runs an owner-checked release script on lock key l.key but keeps only its error`
	return err
}

// Release drops the whole result.
func (l *Lock) Release(ctx context.Context) {
	l.redis.Eval(ctx, releaseLua, 1, []string{l.key}, []interface{}{l.token}) // want `Eval runs an owner-checked release script on lock key l.key but drops its result`
}

// Work defers the release.
func (l *Lock) Work(ctx context.Context, fn func()) {
	defer l.redis.Eval(ctx, releaseLua, 1, []string{l.key}, []interface{}{l.token}) // want `Eval runs an owner-checked release script on lock key l.key but is deferred and its result dropped`
	fn()
}

// Extend keeps only the error of the renewal script.
func (l *Lock) Extend(ctx context.Context, ms int64) error {
	_, err := g.Redis().Eval(ctx, extendLua, 1, []string{l.key}, []interface{}{l.token, ms}) // want `Eval runs an owner-checked renewal script on lock key l.key but keeps only its error`
	return err
}

// UnlockDo sends EVAL through Do and keeps only the error.
func UnlockDo(ctx context.Context, key, token string) error {
	_, err := g.Redis().Do(ctx, "EVAL", releaseLua, 1, key, token) // want `Do\("EVAL"\) runs an owner-checked release script on lock key passed to UnlockDo as key but keeps only its error`
	return err
}

// UnlockChecked is correct: 0 is read as a lost lock.
func (l *Lock) UnlockChecked(ctx context.Context) error {
	reply, err := l.redis.Eval(ctx, releaseLua, 1, []string{l.key}, []interface{}{l.token})
	if err != nil {
		return err
	}
	if reply.Int() == 0 {
		return errLost
	}
	return nil
}

// UnlockBool is correct: Bool of 0 is false.
func (l *Lock) UnlockBool(ctx context.Context) (bool, error) {
	reply, err := l.redis.Eval(ctx, releaseLua, 1, []string{l.key}, []interface{}{l.token})
	return reply.Bool(), err
}

// UnlockStrict is correct: the script answers "not held" with an error.
func (l *Lock) UnlockStrict(ctx context.Context) error {
	_, err := l.redis.Eval(ctx, strictLua, 1, []string{l.key}, []interface{}{l.token})
	return err
}

// UnlockSha runs a script by its digest: what it does is unknown here.
func (l *Lock) UnlockSha(ctx context.Context, sha string) error {
	_, err := l.redis.EvalSha(ctx, sha, 1, []string{l.key}, []interface{}{l.token}) // ok: the script is unknown
	return err
}

// Discard is a visible decision.
func (l *Lock) Discard(ctx context.Context) {
	_, _ = l.redis.Eval(ctx, releaseLua, 1, []string{l.key}, []interface{}{l.token}) // ok: explicit discard
}
