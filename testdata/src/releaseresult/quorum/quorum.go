// Package quorum releases a lock held on several Redis instances. A
// per-instance helper that reads only the error of the script's reply
// swallows the "not the owner" 0 itself: its bool and error say nothing
// about it, so callers that ignore them drop no answer. A helper that
// returns the reply's integer hands the answer on, and a caller that
// drops it loses it.
package quorum

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

const unlockScript = `
if redis.call("GET", KEYS[1]) == ARGV[1] then
	return redis.call("DEL", KEYS[1])
end
return 0`

// Quorum is a lock taken on a majority of independent instances.
type Quorum struct {
	clients []*redis.Client
	key     string
	token   string
}

func New(clients []*redis.Client, resource string) *Quorum {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return &Quorum{clients: clients, key: "quorum:lock:" + resource, token: hex.EncodeToString(b)}
}

func lockOne(ctx context.Context, c *redis.Client, key, token string, ttl time.Duration) (bool, error) {
	return c.SetNX(ctx, key, token, ttl).Result()
}

// unlockOne reads only the error, and says true whatever the script replied.
func unlockOne(ctx context.Context, c *redis.Client, key, token string) (bool, error) {
	reply := c.Eval(ctx, unlockScript, []string{key}, token) // want `Eval runs an owner-checked release script on lock key passed to unlockOne as key but checks only \.Err\(\)`
	if reply.Err() != nil {
		return false, reply.Err()
	}
	return true, nil
}

// releaseOne hands the script's reply back: 0 means not the owner.
func releaseOne(ctx context.Context, c *redis.Client, key, token string) (int64, error) {
	return c.Eval(ctx, unlockScript, []string{key}, token).Int64()
}

// Lock takes the lock on a majority, and frees what it took when it did
// not get one.
func (q *Quorum) Lock(ctx context.Context, ttl time.Duration) bool {
	n := 0
	for _, c := range q.clients {
		if ok, err := lockOne(ctx, c, q.key, q.token, ttl); err == nil && ok {
			n++
		}
	}
	if n > len(q.clients)/2 {
		return true
	}
	var wg sync.WaitGroup
	for _, c := range q.clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			unlockOne(ctx, c, q.key, q.token) // ok: unlockOne's results carry no answer
		}()
	}
	wg.Wait()
	return false
}

// Unlock frees every instance and ignores what the releases said.
func (q *Quorum) Unlock(ctx context.Context) {
	for _, c := range q.clients {
		unlockOne(ctx, c, q.key, q.token) // ok: unlockOne's results carry no answer
	}
}

// Abandon frees every instance through releaseOne and drops its reply.
func (q *Quorum) Abandon(ctx context.Context) {
	for _, c := range q.clients {
		releaseOne(ctx, c, q.key, q.token) // want `releaseOne \(EVAL at quorum.go:53\) runs an owner-checked release script on lock key q.key but drops its result: it replies 0 when the key no longer holds our token`
	}
}
