// Package useglobal takes locks through the clients of package global.
package useglobal

import (
	"context"
	"time"

	"example.com/fixtures/wrapped/global"
)

func RunNightly(ctx context.Context, token string, run func()) {
	key := "nightly:lock"
	if !global.Redis.SetNX(ctx, key, token, time.Hour).Val() {
		return
	}
	defer global.Redis.Del(ctx, key) // want `Del releases lock key "nightly:lock" \(acquired by SetNX at jobs.go:13\) without checking the owner token`
	run()
}

func RunHourly(ctx context.Context, token string, run func()) {
	if !global.Client().SetNX(ctx, "hourly:lock", token, time.Minute).Val() {
		return
	}
	run()
	global.Client().Del(ctx, "hourly:lock") // want `Del releases lock key "hourly:lock" \(acquired by SetNX at jobs.go:21\)`
}

type Importer struct{ store *global.Store }

func (i *Importer) Import(ctx context.Context, file, token string) {
	key := i.store.Prefix + ":import:lock:" + file
	if ok, err := i.store.SetNX(ctx, key, token, time.Minute).Result(); err != nil || !ok {
		return
	}
	defer i.store.Del(ctx, key) // want `Del releases lock key i.store.Prefix \+ ":import:lock:" \+ file`
}

// Cache deletes a cache entry through the same client: not a lock.
func Evict(ctx context.Context, id string) {
	global.Redis.Del(ctx, "user:"+id) // ok: never acquired with NX
}
