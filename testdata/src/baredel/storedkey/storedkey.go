// Package storedkey holds locks whose constructor acquires the key it
// builds and then stores it in the lock it returns, the way hand-written
// clients of bsm/redislock's shape are: the methods release the field,
// which holds the acquired key.
package storedkey

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

var ErrNotObtained = errors.New("storedkey: not obtained")

type Client struct {
	rdb    redis.UniversalClient
	prefix string
}

type Lock struct {
	client *Client
	key    string
	token  string
}

// Obtain acquires prefix+name and hands the key over to the Lock.
func (c *Client) Obtain(ctx context.Context, name string, ttl time.Duration) (*Lock, error) {
	key := c.prefix + name
	token := uuid.NewString()
	ok, err := c.rdb.SetNX(ctx, key, token, ttl).Result()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrNotObtained
	}
	return &Lock{client: c, key: key, token: token}, nil
}

// Release deletes whatever the key holds now.
func (l *Lock) Release(ctx context.Context) error {
	return l.client.rdb.Del(ctx, l.key).Err() // want `Del releases lock key l.key \(acquired by SetNX at storedkey.go:33\) without checking the owner token`
}

// A Ticket is set up field by field after its acquire.
type Ticket struct {
	rdb *redis.Client
	key string
}

func Take(ctx context.Context, rdb *redis.Client, order string) (*Ticket, bool) {
	lockKey := "order:lock:" + order
	if ok, err := rdb.SetNX(ctx, lockKey, uuid.NewString(), time.Minute).Result(); err != nil || !ok {
		return nil, false
	}
	t := &Ticket{rdb: rdb}
	t.key = lockKey
	return t, true
}

func (t *Ticket) Done(ctx context.Context) {
	k := t.key
	t.rdb.Del(ctx, k) // want `Del releases lock key t.key \(acquired by SetNX at storedkey.go:56\)`
}

// A Claim releases through a method of its own, declared after the
// release that calls it.
type Claim struct {
	rdb *redis.Client
	key string
}

func NewClaim(ctx context.Context, rdb *redis.Client, invoice string) (*Claim, error) {
	key := "invoice:lock:" + invoice
	ok, err := rdb.SetNX(ctx, key, uuid.NewString(), time.Minute).Result()
	if err != nil || !ok {
		return nil, ErrNotObtained
	}
	return &Claim{rdb: rdb, key: key}, nil
}

func (c *Claim) Release(ctx context.Context) error {
	return c.drop(ctx)
}

func (c *Claim) drop(ctx context.Context) error {
	return c.rdb.Del(ctx, c.key).Err() // want `Del releases lock key c.key \(acquired by SetNX at storedkey.go:78\)`
}
