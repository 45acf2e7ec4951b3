// Package layered keeps its release scripts behind small functions of
// its own (one builds the *Script, one returns its SHA1) and runs them
// through helpers, here and in package scriptrun: the script is still
// known where a helper runs it, so a dropped "not the owner" answer is
// still found.
package layered

import (
	"context"
	"errors"
	"time"

	"example.com/fixtures/releaseresult/layered/scriptrun"
	"github.com/redis/go-redis/v9"
)

const releaseSrc = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

// strictSrc replies an error when the key holds another token.
const strictSrc = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return redis.error_reply("not owner") end`

var unlockScript = redis.NewScript(releaseSrc)

// newReleaseScript builds the release script.
func newReleaseScript() *redis.Script { return redis.NewScript(releaseSrc) }

// unlockDigest is the SHA1 EvalSha runs unlockScript by.
func unlockDigest() string { return unlockScript.Hash() }

// ErrLost is returned when the lock was no longer ours.
var ErrLost = errors.New("layered: lock lost")

// Lock is a lock on one key.
type Lock struct {
	rdb   *redis.Client
	key   string
	token string
	ttl   time.Duration
}

func (l *Lock) Acquire(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, l.ttl).Result()
}

// runScript runs the script its caller passes and drops the reply: which
// script, only the caller says.
func (l *Lock) runScript(ctx context.Context, s *redis.Script) {
	s.Run(ctx, l.rdb, []string{l.key}, l.token)
}

// Release builds its script through newReleaseScript and drops the
// reply in runScript.
func (l *Lock) Release(ctx context.Context) {
	s := newReleaseScript()
	l.runScript(ctx, s) // want `runScript \(EVALSHA at layered.go:48\) runs an owner-checked release script on lock key l.key but drops its result`
}

// ReleaseBySHA runs the script by the SHA1 a function returns and keeps
// only the error.
func (l *Lock) ReleaseBySHA(ctx context.Context) error {
	_, err := l.rdb.EvalSha(ctx, unlockDigest(), []string{l.key}, l.token).Result() // want `EvalSha runs an owner-checked release script on lock key l.key but keeps only its error`
	return err
}

// ReleaseShared keeps only the error scriptrun.Release keeps.
func (l *Lock) ReleaseShared(ctx context.Context) error {
	return scriptrun.Release(ctx, l.rdb, unlockScript, l.key, l.token) // want `Release \(EVALSHA at scriptrun.go:30\) runs an owner-checked release script on lock key l.key but keeps only its error`
}

// ReleaseCounted reads the integer reply: 0 is a lost lock.
func (l *Lock) ReleaseCounted(ctx context.Context) error {
	n, err := scriptrun.ReleaseN(ctx, l.rdb, newReleaseScript(), l.key, l.token)
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrLost
	}
	return nil
}

// ReleaseStrict runs a script that replies an error when the key holds
// another token: the error scriptrun.Release keeps is the answer.
func (l *Lock) ReleaseStrict(ctx context.Context) error {
	return scriptrun.Release(ctx, l.rdb, redis.NewScript(strictSrc), l.key, l.token)
}

// errOf reads only the command's error.
func errOf(cmd *redis.Cmd) error { return cmd.Err() }

// countOf reads the command's integer reply.
func countOf(cmd *redis.Cmd) (int64, error) { return cmd.Int64() }

// ReleaseHeld holds the command and hands it to errOf, which reads only
// its error: the 0 is lost as with cmd.Err().
func (l *Lock) ReleaseHeld(ctx context.Context) error {
	cmd := unlockScript.Run(ctx, l.rdb, []string{l.key}, l.token) // want `Run runs an owner-checked release script on lock key l.key but checks only .Err\(\)`
	return errOf(cmd)
}

// ReleaseHeldCounted hands the command to countOf, which reads the reply.
func (l *Lock) ReleaseHeldCounted(ctx context.Context) error {
	cmd := unlockScript.Run(ctx, l.rdb, []string{l.key}, l.token)
	n, err := countOf(cmd)
	if err == nil && n == 0 {
		err = ErrLost
	}
	return err
}

// ReleaseDropped passes the source to scriptrun.Drop, which drops the
// reply.
func (l *Lock) ReleaseDropped(ctx context.Context) {
	scriptrun.Drop(ctx, l.rdb, releaseSrc, l.key, l.token) // want `Drop \(EVALSHA at scriptrun.go:36\) runs an owner-checked release script on lock key l.key but drops its result`
}

// FinishJobs releases the jobs lock through scriptrun.DropJobs.
func FinishJobs(ctx context.Context, rdb *redis.Client, token string) {
	scriptrun.DropJobs(ctx, rdb, releaseSrc, token) // want `DropJobs \(EVALSHA at scriptrun.go:41\) runs an owner-checked release script on lock key "jobs:lock" but drops its result`
}

// FinishJobsStrict passes a script that replies an error: dropping it is
// still dropping the answer.
func FinishJobsStrict(ctx context.Context, rdb *redis.Client, token string) {
	scriptrun.DropJobs(ctx, rdb, strictSrc, token) // want `DropJobs \(EVALSHA at scriptrun.go:41\) runs an owner-checked release script on lock key "jobs:lock" but drops its result`
}

// ReleaseHeldElsewhere hands the command to another package's reader of
// its error: the 0 is lost as with cmd.Err().
func (l *Lock) ReleaseHeldElsewhere(ctx context.Context) error {
	cmd := unlockScript.Run(ctx, l.rdb, []string{l.key}, l.token) // want `Run runs an owner-checked release script on lock key l.key but checks only .Err\(\)`
	return scriptrun.ErrOf(cmd)
}

// ReleaseCountedElsewhere hands it to another package's reader of the
// reply: correct.
func (l *Lock) ReleaseCountedElsewhere(ctx context.Context) error {
	cmd := unlockScript.Run(ctx, l.rdb, []string{l.key}, l.token)
	n, err := scriptrun.CountOf(cmd)
	if err == nil && n == 0 {
		err = ErrLost
	}
	return err
}
