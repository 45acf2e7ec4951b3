package mutex

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var errMissing = errors.New("mutex: record missing")

// Load takes the load lock, then deletes the key when a later lookup
// fails: err holds the lookup's error by then, not the acquire's, so the
// DEL runs while the lock is held and is a release like any other.
func Load(ctx context.Context, rdb redis.Cmdable, name string, lookup func() (string, error)) error {
	key := "load-lock:" + name
	ok, err := rdb.SetNX(ctx, key, newToken(), time.Minute).Result()
	if err != nil || !ok {
		return err
	}
	record, err := lookup()
	if err != nil {
		rdb.Del(ctx, key) // want `Del releases lock key "load-lock:" \+ name \(acquired by SetNX at reused.go:18\) without checking the owner token`
		return err
	}
	if record == "" {
		return errMissing
	}
	return nil
}
