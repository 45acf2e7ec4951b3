// Package mutex is a go-redis v9 lock written the way services write
// them: a struct with client, key and value fields, a constructor, and the
// release in another file.
package mutex

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrNotAcquired = errors.New("mutex: not acquired")

type Mutex struct {
	client redis.UniversalClient
	key    string
	value  string
	ttl    time.Duration
}

func New(client redis.UniversalClient, name string, ttl time.Duration) *Mutex {
	return &Mutex{client: client, key: "mutex:" + name, ttl: ttl}
}

func newToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Lock takes the lock with a fresh token per acquisition.
func (m *Mutex) Lock(ctx context.Context) error {
	m.value = newToken()
	ok, err := m.client.SetNX(ctx, m.key, m.value, m.ttl).Result()
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotAcquired
	}
	return nil
}
