package watchdog

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// extendUntil is a helper that keeps pushing the expiry of whatever key it
// is given. Its only caller passes a lock key, so the bug is the helper's:
// it is reported here, at the command, once, and not at the call.
func extendUntil(ctx context.Context, rdb *redis.Client, key string, ttl time.Duration, stop <-chan struct{}) {
	t := time.NewTicker(ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			rdb.Expire(ctx, key, ttl) // want `Expire renews lock key "report:lock:" \+ day \(passed by RunReport at gostmt.go:37\) with a new TTL \(acquired by SetNX at gostmt.go:32\) without checking the owner token`
		}
	}
}

// RunReport starts the helper with a go statement right after the acquire:
// the call runs in another goroutine, so it is a watchdog, not part of the
// acquire sequence.
func RunReport(ctx context.Context, rdb *redis.Client, day string, build func() error) error {
	key := "report:lock:" + day
	tok := token()
	ok, err := rdb.SetNX(ctx, key, tok, 30*time.Second).Result()
	if err != nil || !ok {
		return ErrHeld
	}
	stop := make(chan struct{})
	go extendUntil(ctx, rdb, key, 30*time.Second, stop) // ok: reported in extendUntil
	defer close(stop)
	return build()
}

// RunReports calls RunReport, which is reported already: its callers are
// not reported again for the same renewal.
func RunReports(ctx context.Context, rdb *redis.Client, days []string, build func() error) {
	for _, d := range days {
		go RunReport(ctx, rdb, d, build)
	}
}
