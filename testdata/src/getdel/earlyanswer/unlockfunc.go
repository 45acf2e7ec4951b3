package earlyanswer

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

// ErrBusy says another holder has the lock.
var ErrBusy = errors.New("lock busy")

// A Mutex hands back the function that releases what Lock took.
type Mutex struct {
	rdb *redis.Client
	key string
}

// Lock takes the lock with a fresh UUID as its owner and returns its
// release: a GET whose failure does nothing, a compare with the UUID's
// text, a DEL. The release ends there, so the fix takes all three.
func (m *Mutex) Lock(ctx context.Context) (func(), error) {
	id, err := uuid.NewRandom()
	if err != nil {
		return nil, err
	}
	ok, err := m.rdb.SetNX(ctx, m.key, id.String(), time.Minute).Result()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrBusy
	}
	return func() {
		v, err := m.rdb.Get(ctx, m.key).Result()
		if err != nil {
			return
		}
		if v != id.String() {
			return
		}
		m.rdb.Del(ctx, m.key) // want `Del deletes lock key m.key \(acquired by SetNX at unlockfunc.go:30\) after Get at unlockfunc.go:38 compared its value in Go`
	}, nil
}

// LockLogged logs after the DEL: a release that failed would have to skip
// the log as the early return does, so there is no fix.
func (m *Mutex) LockLogged(ctx context.Context) (func(), error) {
	id, err := uuid.NewRandom()
	if err != nil {
		return nil, err
	}
	if !m.rdb.SetNX(ctx, m.key, id.String(), time.Minute).Val() {
		return nil, ErrBusy
	}
	return func() {
		v, err := m.rdb.Get(ctx, m.key).Result()
		if err != nil {
			return
		}
		if v != id.String() {
			return
		}
		m.rdb.Del(ctx, m.key) // want `Del deletes lock key m.key \(acquired by SetNX at unlockfunc.go:56\) after Get at unlockfunc.go:60 compared its value in Go`
		log.Printf("released %s", m.key)
	}, nil
}

// LockRetried draws a second UUID when the first acquire fails: the
// compare reads whichever id holds last, so there is no fix.
func (m *Mutex) LockRetried(ctx context.Context) (func(), error) {
	id := uuid.New()
	if !m.rdb.SetNX(ctx, m.key, id.String(), time.Minute).Val() {
		id = uuid.New()
		if !m.rdb.SetNX(ctx, m.key, id.String(), time.Minute).Val() {
			return nil, ErrBusy
		}
	}
	return func() {
		if m.rdb.Get(ctx, m.key).Val() != id.String() {
			return
		}
		m.rdb.Del(ctx, m.key) // want `Del deletes lock key m.key \(acquired by SetNX at unlockfunc.go:76\) after Get at unlockfunc.go:83 compared its value in Go`
	}, nil
}

// A Lease keeps its owner as a uuid.UUID.
type Lease struct {
	rdb *redis.Client
	key string
	id  uuid.UUID
}

// Acquire takes the lease.
func (l *Lease) Acquire(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.id.String(), time.Minute).Result()
}

// Release deletes the key when the text of the lease's id still holds it.
func (l *Lease) Release(ctx context.Context) {
	if l.rdb.Get(ctx, l.key).Val() == l.id.String() {
		l.rdb.Del(ctx, l.key) // want `Del deletes lock key l.key \(acquired by SetNX at unlockfunc.go:99\) after Get at unlockfunc.go:104 compared its value in Go`
	}
}
