// Package invoices charges an invoice under billing's lock. Vetting it
// alone vets billing first as a dependency, for its facts only
// (TestStandalone_rootVettedBeforeAsDependency).
package invoices

import (
	"context"

	"github.com/redis/go-redis/v9"

	"example.com/brokendep/billing"
)

// Charge charges the invoice while it holds the invoice's lock.
func Charge(ctx context.Context, rdb *redis.Client, invoice, token string, charge func() error) error {
	ok, err := billing.NewLock(rdb, invoice, token).TryLock(ctx)
	if err != nil || !ok {
		return err
	}
	return charge()
}
