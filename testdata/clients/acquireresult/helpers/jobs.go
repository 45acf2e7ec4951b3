// Package helpers takes locks through a helper package that does not
// hand the acquire's answer back, and through one that does.
package helpers

import (
	"context"
	"time"

	"example.com/clients/acquireresult/helpers/kv"
)

// JobLock guards one job across workers.
type JobLock struct {
	kv    *kv.Store
	key   string
	token string
}

// Run takes the lock through a helper that drops the answer: when
// another worker holds it, this one runs the job too.
func (l *JobLock) Run(ctx context.Context, ttl time.Duration, job func()) {
	l.kv.PutIfAbsent(ctx, l.key, l.token, ttl) // want `PutIfAbsent \(SET NX at kv.go:20\) acquires lock key l.key but never looks at whether it did \(its result is discarded\)`
	defer l.kv.Remove(ctx, l.key)
	job()
}

// RunChecked is correct: the helper says whether it took the key.
func (l *JobLock) RunChecked(ctx context.Context, ttl time.Duration, job func()) error {
	ok, err := l.kv.TryPut(ctx, l.key, l.token, ttl)
	if err != nil || !ok {
		return err
	}
	defer l.kv.Remove(ctx, l.key)
	job()
	return nil
}

// MarkSeen writes a dedup marker: not a lock, its answer may be ignored.
func MarkSeen(ctx context.Context, s *kv.Store, id string) {
	s.PutIfAbsent(ctx, "seen:"+id, "1", time.Hour)
}
