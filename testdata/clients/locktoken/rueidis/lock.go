// Package rueidis writes weak lock values with rueidis.
package rueidis

import (
	"context"
	"crypto/rand"
	"errors"
	"os"
	"strconv"
	"time"

	"github.com/redis/rueidis"
)

func release(ctx context.Context, c rueidis.Client, key, token string) error {
	if n, err := c.Do(ctx, c.B().Delifeq().Key(key).Value(token).Build()).AsInt64(); err != nil || n == 0 {
		return errors.New("lock lost")
	}
	return nil
}

// LockConst writes the same value for every client.
func LockConst(ctx context.Context, c rueidis.Client) (bool, error) {
	return c.Do(ctx, c.B().Set().Key("lock:report").Value("1").Nx().ExSeconds(30).Build()).AsBool() // want `Set writes the constant "1" \(lock.go:\d+\) as the value of lock key "lock:report"`
}

// LockHost writes the host name: every acquisition on a host collides.
func LockHost(ctx context.Context, c rueidis.Client) (bool, error) {
	host, _ := os.Hostname()
	return c.Do(ctx, c.B().Set().Key("lock:cron").Value(host).Nx().ExSeconds(30).Build()).AsBool() // want `Set writes os.Hostname\(\) \(lock.go:\d+\) as the value of lock key "lock:cron"`
}

// LockTime writes the clock.
func LockTime(ctx context.Context, c rueidis.Client) (bool, error) {
	now := strconv.FormatInt(time.Now().UnixNano(), 10)
	return c.Do(ctx, c.B().Set().Key("lock:sync").Value(now).Nx().ExSeconds(30).Build()).AsBool() // want `Set writes time.Now\(\) \(lock.go:\d+\) as the value of lock key "lock:sync"`
}

// LockTimeHeld builds the SET first and sends it later: the finding is
// at the builder, where the value is written.
func LockTimeHeld(ctx context.Context, c rueidis.Client) (bool, error) {
	now := strconv.FormatInt(time.Now().UnixNano(), 10)
	set := c.B().Set().Key("lock:sync:held").Value(now).Nx().ExSeconds(30).Build() // want `Set writes time.Now\(\) \(lock.go:\d+\) as the value of lock key "lock:sync:held"`
	return c.Do(ctx, set).AsBool()
}

// LockRandom is correct: a fresh random token, released with DELIFEQ.
func LockRandom(ctx context.Context, c rueidis.Client, work func()) error {
	token := rand.Text()
	ok, err := c.Do(ctx, c.B().Set().Key("lock:random").Value(token).Nx().ExSeconds(30).Build()).AsBool()
	if err != nil || !ok {
		return err
	}
	work()
	return release(ctx, c, "lock:random", token)
}

// Dedup writes a constant into a marker: not a lock.
func Dedup(ctx context.Context, c rueidis.Client, id string) (bool, error) {
	return c.Do(ctx, c.B().Set().Key("processed:"+id).Value("1").Nx().Ex(time.Hour).Build()).AsBool()
}
