package setnxexpire

import (
	"context"
	"time"

	"github.com/gogf/gf/v2/database/gredis"
)

// Store is a cache adapter over gredis whose entries last as long as the
// caller asks: a zero duration keeps an entry for good.
type Store struct {
	redis *gredis.Redis
}

// SetIfNotExist stores value under key when no entry is there, for
// duration (0: it does not expire). The PEXPIRE is sent only for a
// positive duration, so an entry with no TTL is a state the store makes
// on purpose: not reported.
func (s *Store) SetIfNotExist(ctx context.Context, key string, value any, duration time.Duration) (bool, error) {
	ok, err := s.redis.SetNX(ctx, key, value)
	if err != nil {
		return ok, err
	}
	if ok && duration > 0 {
		if _, err = s.redis.PExpire(ctx, key, duration.Milliseconds()); err != nil { // ok: the TTL is optional
			return ok, err
		}
	}
	return ok, nil
}
