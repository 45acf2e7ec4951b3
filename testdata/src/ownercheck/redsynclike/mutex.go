// Package redsynclike is a single-node mutex in the style of redsync: SET
// NX PX with a generated value, and scripts that compare it to delete or
// extend.
package redsynclike

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var (
	ErrFailed             = errors.New("redsynclike: failed to acquire lock")
	ErrLockAlreadyExpired = errors.New("redsynclike: lock already expired")
)

const deleteScript = `
	local val = redis.call("GET", KEYS[1])
	if val == ARGV[1] then
		return redis.call("DEL", KEYS[1])
	elseif val == false then
		return -1
	else
		return 0
	end
`

const touchScript = `
	if redis.call("GET", KEYS[1]) == ARGV[1] then
		return redis.call("PEXPIRE", KEYS[1], ARGV[2])
	else
		return 0
	end
`

type Mutex struct {
	name   string
	expiry time.Duration
	value  string
	client *redis.ClusterClient
}

func NewMutex(client *redis.ClusterClient, name string, expiry time.Duration) *Mutex {
	return &Mutex{name: name, expiry: expiry, client: client}
}

func genValue() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(b), nil
}

func (m *Mutex) LockContext(ctx context.Context) error {
	value, err := genValue()
	if err != nil {
		return err
	}
	ok, err := m.client.SetNX(ctx, m.name, value, m.expiry).Result()
	if err != nil {
		return err
	}
	if !ok {
		return ErrFailed
	}
	m.value = value
	return nil
}
