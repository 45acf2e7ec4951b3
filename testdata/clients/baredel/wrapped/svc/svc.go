// Package svc locks through rkv's helpers.
package svc

import (
	"context"
	"time"

	"example.com/clients/baredel/wrapped/rkv"
)

// Lock acquires "lock:"+name through the helper.
func Lock(ctx context.Context, s *rkv.Store, name, token string) (bool, error) {
	return s.SetNX(ctx, "lock:"+name, token, 10*time.Second)
}

// Unlock deletes it through the helper, whoever holds it.
func Unlock(ctx context.Context, s *rkv.Store, name string) error {
	return s.Del(ctx, "lock:"+name) // want `Del \(DEL at rkv.go:24\) releases lock key "lock:" \+ name .*without checking the owner token`
}
