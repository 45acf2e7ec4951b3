// Package service takes locks through store's wrapper, whose summary fact
// says it sends SET NX.
package service

import (
	"context"
	"time"

	"example.com/fixtures/acquireresult/store"
)

type Billing struct {
	st *store.Store
}

// Charge drops the answer of the wrapper.
func (b *Billing) Charge(ctx context.Context, invoice, token string, charge func() error) error {
	key := "lock:invoice:" + invoice
	if _, err := b.st.TryLock(ctx, key, token, time.Minute); err != nil { // want `TryLock \(SET NX at store.go:20\) acquires lock key "lock:invoice:" \+ invoice but never looks at whether it did \(only the error is read, and it is nil when another client holds the lock\)`
		return err
	}
	defer b.st.Unlock(ctx, key, token)
	return charge()
}

// Refund reads it.
func (b *Billing) Refund(ctx context.Context, invoice, token string, refund func() error) error {
	key := "lock:invoice:" + invoice
	ok, err := b.st.TryLock(ctx, key, token, time.Minute) // ok: read
	if err != nil || !ok {
		return err
	}
	defer b.st.Unlock(ctx, key, token)
	return refund()
}

// Settle sends it as a statement.
func (b *Billing) Settle(ctx context.Context, invoice, token string, settle func() error) error {
	key := "lock:invoice:" + invoice
	b.st.TryLock(ctx, key, token, time.Minute) // want `TryLock \(SET NX at store.go:20\) acquires lock key "lock:invoice:" \+ invoice but never looks at whether it did \(its result is discarded\)`
	defer b.st.Unlock(ctx, key, token)
	return settle()
}
