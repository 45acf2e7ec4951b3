// Package orders locks through kv's helpers.
package orders

import (
	"context"
	"errors"

	"example.com/gredis/baredel/kv"
	"github.com/gogf/gf/v2/util/guid"
)

var errBusy = errors.New("orders: being processed")

// Process holds "order:lock:"+id while it works.
func Process(ctx context.Context, id string, work func() error) error {
	key := "order:lock:" + id
	ok, err := kv.SetNX(ctx, key, guid.S())
	if err != nil || !ok {
		return errors.Join(errBusy, err)
	}
	if err := kv.Expire(ctx, key, 30); err != nil {
		return err
	}
	defer kv.Del(ctx, key) // want `Del \(DEL at kv.go:24\) releases lock key "order:lock:" \+ id .*without checking the owner token`
	return work()
}
