// Package redigopool runs redsync on a redigo pool, which sends the
// commands whatever their context (unless the pool waits): not shown to
// fail, not reported.
package redigopool

import (
	"context"
	"errors"

	"github.com/go-redsync/redsync/v4"
	"github.com/go-redsync/redsync/v4/redis/redigo"
	redigolib "github.com/gomodule/redigo/redis"
)

type Locks struct{ rs *redsync.Redsync }

func New(pool *redigolib.Pool) *Locks {
	return &Locks{rs: redsync.New(redigo.NewPool(pool))}
}

func (l *Locks) Do(ctx context.Context, name string, work func(context.Context) error) error {
	m := l.rs.NewMutex("lock:" + name)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	errc := make(chan error, 1)
	go func() { errc <- work(ctx) }()
	select {
	case err := <-errc:
		_, uerr := m.UnlockContext(ctx)
		return errors.Join(err, uerr)
	case <-ctx.Done():
		_, err := m.UnlockContext(ctx) // ok: a redigo pool without Wait ignores ctx
		return errors.Join(ctx.Err(), err)
	}
}
