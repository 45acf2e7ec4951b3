// Package locks is a lock type with a constructor.
package locks

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

type Lock struct {
	rdb   *redis.Client
	key   string
	token string
}

func New(rdb *redis.Client, name, token string) *Lock {
	return &Lock{
		rdb:   rdb,
		key:   "lock:" + name,
		token: token,
	}
}

func (l *Lock) Acquire(ctx context.Context) error {
	ok, err := l.rdb.SetNX(ctx, l.key, l.token, 30*time.Second).Result()
	if err != nil {
		return fmt.Errorf("locks: acquiring %s: %w", l.key, err) // a message: stays
	}
	if !ok {
		return errors.New("locks: held")
	}
	return nil
}

// Release runs a compare-and-delete script written in place.
func (l *Lock) Release(ctx context.Context) error {
	n, err := l.rdb.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`, []string{l.key}, l.token).Int64()
	if err != nil {
		return err
	}
	if n == 0 {
		return errors.New("locks: not held")
	}
	return nil
}

// Mode is a string type: its literals move into constants only.
type Mode string

func (l *Lock) Set(ctx context.Context) error {
	return l.rdb.SetArgs(ctx, l.key, l.token, redis.SetArgs{Mode: string(Mode("NX")), TTL: time.Minute}).Err()
}

const prefix = "lock:" // a constant declaration: stays
