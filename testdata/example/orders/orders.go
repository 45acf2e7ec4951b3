// Package orders locks orders and nightly jobs with go-redis directly.
package orders

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

var releaseScript = redis.NewScript(`
if redis.call("get", KEYS[1]) == ARGV[1] then
	return redis.call("del", KEYS[1])
end
return 0`)

type Service struct {
	rdb redis.UniversalClient
}

// Reserve queues SETNX and EXPIRE in one transaction pipeline.
func (s *Service) Reserve(ctx context.Context, orderID, token string) (bool, error) {
	key := "order-lock:" + orderID
	pipe := s.rdb.TxPipeline()
	acquired := pipe.SetNX(ctx, key, token, 0)
	pipe.Expire(ctx, key, 30*time.Second)
	if _, err := pipe.Exec(ctx); err != nil {
		return false, err
	}
	return acquired.Val(), nil
}

// Finish releases an order lock with the compare-and-delete script but
// ignores a 0 reply ("not the owner").
func (s *Service) Finish(ctx context.Context, orderID, token string) error {
	return releaseScript.Run(ctx, s.rdb, []string{"order-lock:" + orderID}, token).Err()
}

// Nightly runs the nightly job once across the fleet.
func (s *Service) Nightly(ctx context.Context, day time.Time, run func() error) error {
	key := fmt.Sprintf("nightly:lock:%s", day.Format(time.DateOnly))
	ok, err := s.rdb.SetNX(ctx, key, "1", 0).Result()
	if err != nil || !ok {
		return err
	}
	defer s.rdb.Del(ctx, key)
	return run()
}
