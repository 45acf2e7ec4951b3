// Package locktoken writes weak lock values with gredis, beside the fresh
// tokens that are correct.
package locktoken

import (
	"context"
	"os"
	"strconv"
	"time"

	"github.com/gogf/gf/v2/database/gredis"
	"github.com/gogf/gf/v2/frame/g"
	"github.com/gogf/gf/v2/os/gtime"
	"github.com/gogf/gf/v2/util/gconv"
	"github.com/gogf/gf/v2/util/grand"
	"github.com/gogf/gf/v2/util/guid"
	"github.com/google/uuid"

	"example.com/gredis/locktoken/stamps"
)

// nodeID names this process once, at start-up: every acquisition by the
// process writes it.
var nodeID = guid.S()

// lockOption is SET NX EX 30, shared by the acquires below.
var lockOption = gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: gconv.PtrInt64(30)}}

// LockConst writes 1, as a flag would be written.
func LockConst(ctx context.Context, name string) (bool, error) {
	ok, err := g.Redis().SetNX(ctx, "lock:"+name, 1) // want `SetNX writes the constant 1 \(lock.go:31\) as the value of lock key "lock:" \+ name`
	if err != nil || !ok {
		return false, err
	}
	_, err = g.Redis().Expire(ctx, "lock:"+name, 30)
	return err == nil, err
}

// LockPid writes the process id.
func LockPid(ctx context.Context, name string) (bool, error) {
	v, err := g.Redis().Set(ctx, "mutex:"+name, strconv.Itoa(os.Getpid()), gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{PX: gconv.PtrInt64(30000)}}) // want `Set writes os.Getpid\(\) \(lock.go:41\) as the value of lock key "mutex:" \+ name`
	return !v.IsNil(), err
}

// LockNode writes the instance id made once per process.
func LockNode(ctx context.Context, name string) (bool, error) {
	v, err := g.Redis().Set(ctx, "lock:node:"+name, nodeID, lockOption) // want `Set writes package variable nodeID \(set once when the package initialises\) \(lock.go:\d+\) as the value of lock key "lock:node:" \+ name`
	return !v.IsNil(), err
}

// LockTime writes the clock.
func LockTime(ctx context.Context, name string) (bool, error) {
	v, err := g.Redis().Set(ctx, "lock:time:"+name, time.Now().UnixNano(), lockOption) // want `Set writes time.Now\(\) \(lock.go:53\) as the value of lock key "lock:time:" \+ name`
	return !v.IsNil(), err
}

// LockStamp writes GoFrame's clock, in seconds.
func LockStamp(ctx context.Context, name string) (bool, error) {
	v, err := g.Redis().Set(ctx, "lock:stamp:"+name, gtime.Now().Unix(), lockOption) // want `Set writes gtime.Now\(\) \(lock.go:59\) as the value of lock key "lock:stamp:" \+ name`
	return !v.IsNil(), err
}

// LockMilli writes GoFrame's millisecond timestamp.
func LockMilli(ctx context.Context, name string) (bool, error) {
	v, err := g.Redis().Set(ctx, "lock:milli:"+name, gtime.TimestampMilli(), lockOption) // want `Set writes gtime.TimestampMilli\(\) \(lock.go:65\) as the value of lock key "lock:milli:" \+ name`
	return !v.IsNil(), err
}

// LockGUID is correct: guid.S has a sequence and random part per call.
func LockGUID(ctx context.Context, name string) (string, error) {
	token := guid.S()
	v, err := g.Redis().Set(ctx, "lock:guid:"+name, token, lockOption)
	if err != nil || v.IsNil() {
		return "", err
	}
	return token, nil
}

// LockRand is correct: a random string per acquisition.
func LockRand(ctx context.Context, name string) (string, error) {
	token := grand.S(16)
	v, err := g.Redis().Set(ctx, "lock:rand:"+name, token, lockOption)
	if err != nil || v.IsNil() {
		return "", err
	}
	return token, nil
}

// LockUUID is correct: the instance id with a UUID per acquisition.
func LockUUID(ctx context.Context, name string) (string, error) {
	token := nodeID + ":" + uuid.NewString()
	v, err := g.Redis().Set(ctx, "lock:uuid:"+name, token, lockOption)
	if err != nil || v.IsNil() {
		return "", err
	}
	return token, nil
}

// MarkSent is a dedup marker: a constant value is what it needs.
func MarkSent(ctx context.Context, id string) (bool, error) {
	ok, err := g.Redis().SetNX(ctx, "sent:"+id, 1) // ok: not a lock key
	if err != nil || !ok {
		return false, err
	}
	_, err = g.Redis().Expire(ctx, "sent:"+id, 86400)
	return err == nil, err
}

// LockJob claims the job's key through a helper package that writes the
// time itself: the NX comes from here, so the clock value is judged here.
func LockJob(ctx context.Context, job string) (bool, error) {
	v, err := stamps.Put(ctx, job, lockOption) // want `Put \(SET NX at stamps.go:\d+\) writes gtime.Now\(\) as the value of lock key Put builds from job`
	return !v.IsNil(), err
}

// TouchJob rewrites the time of a job key that exists (XX): no acquire,
// so no lock value to judge.
func TouchJob(ctx context.Context, job string) error {
	_, err := stamps.Put(ctx, job, gredis.SetOption{XX: true}) // ok: XX writes no lock value
	return err
}

// LockJobAs claims the job's key with the caller's own fresh id.
func LockJobAs(ctx context.Context, job string) (string, error) {
	id := guid.S()
	v, err := stamps.PutID(ctx, job, id, lockOption) // ok: a fresh value per acquisition
	if err != nil || v.IsNil() {
		return "", err
	}
	return id, nil
}
