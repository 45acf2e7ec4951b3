// Package locks releases its locks with deferred calls.
package locks

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

var rdb = redis.NewClient(&redis.Options{})

type Lock struct {
	rdb *redis.Client
	key string
}

func (l *Lock) Unlock(ctx context.Context) error { return l.rdb.Del(ctx, l.key).Err() }

func (l *Lock) Run(ctx context.Context, work func()) {
	defer l.Unlock(ctx)
	work()
}

func Run(ctx context.Context, name, token string, work func()) {
	key := "lock:" + name
	if !rdb.SetNX(ctx, key, token, time.Minute).Val() {
		return
	}
	defer rdb.Del(ctx, key)
	work()
}

// Moved: the key is assigned after the defer, so the literal would see
// the new key.
func Moved(ctx context.Context, name string, work func()) {
	key := "lock:" + name
	defer rdb.Del(ctx, key)
	key = "other"
	work()
	_ = key
}

// Field: a field can change before the return.
func (l *Lock) Field(ctx context.Context) {
	defer l.rdb.Del(ctx, l.key)
}

// Recovering: safeUnlock calls recover, which works only when it is the
// deferred function itself.
func Recovering(ctx context.Context, l *Lock) {
	defer safeUnlock(ctx, l)
}

func safeUnlock(ctx context.Context, l *Lock) {
	if r := recover(); r != nil {
		fmt.Println("recovered", r)
	}
	l.Unlock(ctx)
}

// Print defers no command: it stays.
func Print(s string) {
	defer fmt.Println(s)
}
