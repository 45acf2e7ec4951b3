package acquireresult

import (
	"context"

	"github.com/gogf/gf/v2/container/gvar"
	"github.com/gogf/gf/v2/database/gredis"
)

// kv forwards its options to gredis's Set: each call's options say
// which command it sends.
type kv struct {
	redis *gredis.Redis
}

func (s kv) set(ctx context.Context, key string, value interface{}, option ...gredis.SetOption) (*gvar.Var, error) {
	return s.redis.Set(ctx, key, value, option...)
}

// TaskLock is a lock over kv.
type TaskLock struct {
	kv    kv
	key   string
	token string
	ttl   int64
}

// Run acquires through kv and reads only the error.
func (t *TaskLock) Run(ctx context.Context, work func()) error {
	_, err := t.kv.set(ctx, t.key, t.token, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: &t.ttl}}) // want `set \(SET NX at forward.go:17\) acquires lock key t.key but never looks at whether it did \(only the error is read`
	if err != nil {
		return err
	}
	work()
	return nil
}

// RunChecked reads the reply: correct.
func (t *TaskLock) RunChecked(ctx context.Context, work func()) error {
	reply, err := t.kv.set(ctx, t.key, t.token, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: &t.ttl}})
	if err != nil || reply.IsNil() {
		return err
	}
	work()
	return nil
}

// Note writes a plain value through kv: no acquire.
func (t *TaskLock) Note(ctx context.Context, v string) error {
	_, err := t.kv.set(ctx, "note:"+t.key, v)
	return err
}
