// Package rueidis imports a tenant's rows under a lock held with rueidis
// scripts; rueidis fails a command whose context is done before sending
// it, as go-redis does.
package rueidis

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/redis/rueidis"
	"github.com/redis/rueidis/rueidislock"
)

var errLost = errors.New("rueidis: lock lost")

var unlock = rueidis.NewLuaScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

const unlockLua = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

// Importer imports rows, one importer per tenant.
type Importer struct {
	c    rueidis.Client
	rows func(ctx context.Context, tenant string) (<-chan []string, <-chan error)
}

func (im *Importer) lock(ctx context.Context, key, token string) error {
	err := im.c.Do(ctx, im.c.B().Set().Key(key).Value(token).Nx().Px(time.Minute).Build()).Error()
	if rueidis.IsRedisNil(err) {
		return errors.New("rueidis: busy")
	}
	return err
}

// Import gives up with its context and releases with it.
func (im *Importer) Import(ctx context.Context, tenant string) error {
	key, token := "lock:import:"+tenant, uuid.NewString()
	if err := im.lock(ctx, key, token); err != nil {
		return err
	}
	rows, errc := im.rows(ctx, tenant)
	for {
		select {
		case <-ctx.Done():
			n, err := unlock.Exec(ctx, im.c, []string{key}, []string{token}).AsInt64() // want `Exec sends an owner-checked release of lock key "lock:import:" \+ tenant with ctx, which is done here \(case <-ctx.Done\(\) at import.go:45\): rueidis fails a command whose context is done before sending it, so the lock stays held until its TTL expires and other clients wait for it; release with context.WithoutCancel\(ctx\) under a short timeout`
			if err == nil && n == 0 {
				err = errLost
			}
			return errors.Join(ctx.Err(), err)
		case err := <-errc:
			n, rerr := unlock.Exec(ctx, im.c, []string{key}, []string{token}).AsInt64() // ok
			if rerr == nil && n == 0 {
				rerr = errLost
			}
			return errors.Join(err, rerr)
		case <-rows:
		}
	}
}

// Abort releases with an EVAL builder once ctx is cancelled.
func (im *Importer) Abort(ctx context.Context, key, token string) error {
	<-ctx.Done()
	n, err := im.c.Do(ctx, im.c.B().Eval().Script(unlockLua).Numkeys(1).Key(key).Arg(token).Build()).AsInt64() // want `Eval sends an owner-checked release of lock key passed to Importer.Abort as key with ctx, which is done here \(<-ctx.Done\(\) at import.go:64\): rueidis fails`
	if err == nil && n == 0 {
		err = errLost
	}
	return err
}

// WithLocker holds a rueidislock lock: its release is the CancelFunc,
// which deletes with a context of the library's own.
func WithLocker(ctx context.Context, locker rueidislock.Locker, name string, work func(context.Context)) error {
	lctx, cancel, err := locker.WithContext(ctx, name)
	if err != nil {
		return err
	}
	work(lctx)
	<-ctx.Done()
	cancel() // ok: not sent with ctx
	return nil
}
