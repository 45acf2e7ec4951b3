// Package passon takes a lock through a method of its own that passes
// its caller's options on to another package's Set wrapper: the options
// written at the call say it is a SET NX.
package passon

import (
	"context"

	"github.com/gogf/gf/v2/container/gvar"
	"github.com/gogf/gf/v2/database/gredis"

	"example.com/gredis/acquireresult/passon/store"
)

type kv struct {
	redis *gredis.Redis
}

func (s kv) set(ctx context.Context, key string, value interface{}, opts ...gredis.SetOption) (*gvar.Var, error) {
	return store.Put(ctx, s.redis, key, value, opts)
}

// ReportLock keeps one report build at a time.
type ReportLock struct {
	kv    kv
	key   string
	token string
	ttl   int64
}

// Build reads only the error, which is nil when another client holds the
// lock: it builds the report anyway.
func (l *ReportLock) Build(ctx context.Context, build func()) error {
	_, err := l.kv.set(ctx, l.key, l.token, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: &l.ttl}}) // want `set \(SET NX at store.go:14\) acquires lock key l.key but never looks at whether it did \(only the error is read`
	if err != nil {
		return err
	}
	build()
	return nil
}

// BuildChecked reads the reply, nil when the lock is held: correct.
func (l *ReportLock) BuildChecked(ctx context.Context, build func()) error {
	reply, err := l.kv.set(ctx, l.key, l.token, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: &l.ttl}})
	if err != nil || reply.IsNil() {
		return err
	}
	build()
	return nil
}

// Touch overwrites a plain value with no NX: not an acquire, so its
// answer may be dropped.
func (l *ReportLock) Touch(ctx context.Context) error {
	_, err := l.kv.set(ctx, "report:last", "now", gredis.SetOption{TTLOption: gredis.TTLOption{EX: &l.ttl}})
	return err
}
