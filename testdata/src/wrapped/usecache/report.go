// Package usecache takes locks through the cache package's interface.
package usecache

import (
	"context"
	"time"

	"example.com/fixtures/wrapped/cache"
)

type Reporter struct{ cache cache.Cache }

func (r *Reporter) Build(ctx context.Context, day, token string, build func() error) error {
	key := "report:lock:" + day
	ok, err := r.cache.SetNX(ctx, key, token, time.Minute)
	if err != nil || !ok {
		return err
	}
	defer r.cache.Del(ctx, key) // want `Del \(DEL at cache.go:33\) releases lock key "report:lock:" \+ day \(acquired by SetNX \(SET NX at cache.go:24\) at report.go:15\) without checking the owner token`
	return build()
}

// Forget drops a cached page: not a lock.
func (r *Reporter) Forget(ctx context.Context, page string) error {
	return r.cache.Del(ctx, "page:"+page) // ok: never acquired with NX
}

// Sweep deletes a batch of keys it was given: which keys a spread slice
// holds is unknown, so nothing is said.
func (r *Reporter) Sweep(ctx context.Context, keys []string) error {
	return r.cache.Del(ctx, keys...) // ok: keys unknown
}
