// Package acquireresult acquires gredis locks and reads, or does not
// read, whether it got them. gredis turns the nil reply of a SET NX that
// did not set into a nil error and a nil *gvar.Var: only the reply says
// that the lock is held by someone else.
package acquireresult

import (
	"context"

	"github.com/gogf/gf/v2/database/gredis"
	"github.com/gogf/gf/v2/frame/g"
	"github.com/gogf/gf/v2/util/guid"
)

// Job is a lock held while a job runs.
type Job struct {
	redis *gredis.Redis
	key   string
	token string
	ttl   int64
}

// Run drops SetNX's answer: every caller runs the job.
func (j *Job) Run(ctx context.Context, work func()) {
	j.redis.SetNX(ctx, j.key, j.token) // want `SetNX acquires lock key j.key but never looks at whether it did \(its result is discarded\)`
	j.redis.Expire(ctx, j.key, j.ttl)
	defer j.redis.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, 1, []string{j.key}, []interface{}{j.token})
	work()
}

// RunErr reads only SetNX's error.
func (j *Job) RunErr(ctx context.Context, work func()) error {
	_, err := j.redis.SetNX(ctx, j.key, j.token) // want `SetNX acquires lock key j.key but never looks at whether it did \(only the error is read, and it is nil when another client holds the lock\)`
	if err != nil {
		return err
	}
	work()
	return nil
}

// RunSet reads only Set's error: a busy lock is a nil reply, not an error.
func (j *Job) RunSet(ctx context.Context, work func()) error {
	_, err := j.redis.Set(ctx, j.key, j.token, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: &j.ttl}}) // want `Set acquires lock key j.key but never looks at whether it did \(only the error is read, and it is nil when another client holds the lock\)`
	if err != nil {
		return err
	}
	work()
	return nil
}

// RunDo does the same through Do.
func RunDo(ctx context.Context, name string, work func()) error {
	if _, err := g.Redis().Do(ctx, "SET", "lock:"+name, guid.S(), "NX", "EX", 30); err != nil { // want `Do\("SET"\) acquires lock key "lock:" \+ name but never looks at whether it did \(only the error is read, and it is nil when another client holds the lock\)`
		return err
	}
	work()
	return nil
}

// RunChecked is correct: the boolean is read.
func (j *Job) RunChecked(ctx context.Context, work func()) error {
	ok, err := j.redis.SetNX(ctx, j.key, j.token)
	if err != nil || !ok {
		return err
	}
	work()
	return nil
}

// RunSetChecked is correct: a nil reply is a busy lock.
func (j *Job) RunSetChecked(ctx context.Context, work func()) error {
	reply, err := j.redis.Set(ctx, j.key, j.token, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: &j.ttl}})
	if err != nil {
		return err
	}
	if reply.IsNil() {
		return nil
	}
	work()
	return nil
}

// RunDoChecked is correct: the reply is compared with "OK".
func RunDoChecked(ctx context.Context, name string, work func()) error {
	reply, err := g.Redis().Do(ctx, "SET", "lock:"+name, guid.S(), "NX", "PX", 30000)
	if err != nil || reply.String() != "OK" {
		return err
	}
	work()
	return nil
}

// RunEmpty is correct: IsEmpty is true for the nil reply.
func (j *Job) RunEmpty(ctx context.Context, work func()) error {
	reply, err := j.redis.Set(ctx, j.key, j.token, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: &j.ttl}})
	if err != nil || reply.IsEmpty() {
		return err
	}
	work()
	return nil
}

// TryLock returns the answer to its caller, which is judged instead.
func (j *Job) TryLock(ctx context.Context) (bool, error) {
	return j.redis.SetNX(ctx, j.key, j.token) // ok: returned
}

// Remember sets a dedup marker and ignores whether it was new.
func Remember(ctx context.Context, id string) {
	g.Redis().SetNX(ctx, "seen:"+id, 1) // ok: not a lock key
}
