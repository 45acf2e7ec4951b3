package ctorlock

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// holderName is what every mutex of the package writes.
const holderName = "held"

type mutex struct {
	rdb   *redis.Client
	name  string
	owner string
}

func newMutex(rdb *redis.Client, name, owner string) *mutex {
	return &mutex{rdb: rdb, name: name, owner: owner}
}

func (m *mutex) Lock(ctx context.Context) (bool, error) {
	return m.rdb.SetNX(ctx, m.name, m.owner, time.Minute).Result() // want `SetNX writes the constant "held" \(sync.go:8\) as the value of lock key m.name: every client writes the same value`
}

func (m *mutex) Unlock(ctx context.Context) error {
	n, err := unlockScript.Run(ctx, m.rdb, []string{m.name}, m.owner).Int()
	if err == nil && n == 0 {
		err = ErrNotOwner
	}
	return err
}
