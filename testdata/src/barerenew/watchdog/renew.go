package watchdog

import (
	"context"
	"time"
)

// Extend is called by the job between steps.
func (l *Lease) Extend(ctx context.Context) error {
	return l.rdb.Expire(ctx, l.key, l.ttl).Err() // want `Expire renews lock key l.key with a new TTL \(acquired by SetArgs at lock.go:36\) without checking the owner token: if the lock expired and another client acquired it, this extends their lock; renew with a compare-and-expire such as safelock.Refresh`
}

// ExtendBy renews in milliseconds and checks the error in an if.
func (l *Lease) ExtendBy(ctx context.Context, d time.Duration) error {
	if err := l.rdb.PExpire(ctx, l.key, d).Err(); err != nil { // want `PExpire renews lock key l.key with a new TTL \(acquired by SetArgs at lock.go:36\)`
		return err
	}
	return nil
}

// ExtendUntil sets an absolute deadline: no duration to refresh with, no fix.
func (l *Lease) ExtendUntil(ctx context.Context, deadline time.Time) error {
	return l.rdb.PExpireAt(ctx, l.key, deadline).Err() // want `PExpireAt renews lock key l.key`
}

// Rewrite writes the token again with a TTL: SET overwrites whoever holds it.
func (l *Lease) Rewrite(ctx context.Context) error {
	return l.rdb.Set(ctx, l.key, l.token, l.ttl).Err() // want `Set rewrites lock key l.key with a new TTL \(acquired by SetArgs at lock.go:36\) without checking the owner token: if the lock expired and another client acquired it, this overwrites their lock`
}

// Watch renews on a ticker until ctx ends; the fix ends the loop when
// the lock is no longer ours (safelock.ErrNotOwner) and keeps trying
// through other errors, as the loop did.
func (l *Lease) Watch(ctx context.Context) {
	t := time.NewTicker(l.ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			l.rdb.Expire(ctx, l.key, l.ttl) // want `Expire renews lock key l.key with a new TTL`
		}
	}
}

// WatchThenSignal closes done after its loop: ending the loop with a
// return would skip that, so no fix.
func (l *Lease) WatchThenSignal(ctx context.Context, done chan<- struct{}) {
	t := time.NewTicker(l.ttl / 3)
	defer t.Stop()
	for ctx.Err() == nil {
		<-t.C
		l.rdb.Expire(ctx, l.key, l.ttl) // want `Expire renews lock key l.key with a new TTL`
	}
	close(done)
}

// WatchInBackground renews from a goroutine and drops the reply's
// Result, then its Err in sight: the fix ends the goroutine when the lock
// is no longer ours.
func (l *Lease) WatchInBackground(ctx context.Context) {
	go func() {
		t := time.NewTicker(l.ttl / 3)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				l.rdb.PExpire(ctx, l.key, l.ttl).Result() // want `PExpire renews lock key l.key with a new TTL`
			}
		}
	}()
	go func() {
		for ctx.Err() == nil {
			_ = l.rdb.Expire(ctx, l.key, l.ttl).Err() // want `Expire renews lock key l.key with a new TTL`
			time.Sleep(l.ttl / 3)
		}
	}()
}

// KeepAlive reads the renewal's reply and its error in one test and
// stops on either: an owner-checked renewal's error answers both.
func (l *Lease) KeepAlive(ctx context.Context, lost chan<- error) {
	t := time.NewTicker(l.ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			renewed, err := l.rdb.Expire(ctx, l.key, l.ttl).Result() // want `Expire renews lock key l.key with a new TTL`
			if !renewed || err != nil {
				lost <- err
				return
			}
		}
	}
}

// KeepAliveLogged reads the reply apart from the error: its false answer
// has a branch of its own, which an owner-checked renewal's error would
// not take, so no fix.
func (l *Lease) KeepAliveLogged(ctx context.Context, lost chan<- bool) {
	t := time.NewTicker(l.ttl / 3)
	defer t.Stop()
	for range t.C {
		renewed, err := l.rdb.Expire(ctx, l.key, l.ttl).Result() // want `Expire renews lock key l.key with a new TTL`
		if err != nil {
			continue
		}
		if !renewed {
			lost <- true
			return
		}
	}
}

// Touch renews once and reads the reply again after the test: it stays.
func (l *Lease) Touch(ctx context.Context) (bool, error) {
	ok, err := l.rdb.PExpire(ctx, l.key, l.ttl).Result() // want `PExpire renews lock key l.key with a new TTL`
	if err != nil || !ok {
		return false, err
	}
	return ok, nil
}
