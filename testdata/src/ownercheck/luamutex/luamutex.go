// Package luamutex is a lock in the style of bsm/redislock: every command
// is a Lua script, the token is fresh per Obtain, and release and refresh
// compare the token on the server.
package luamutex

import (
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/base64"
	"errors"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

var (
	ErrNotObtained = errors.New("luamutex: not obtained")
	ErrLockNotHeld = errors.New("luamutex: lock not held")
)

var obtainScript = redis.NewScript(`
if redis.call("set", KEYS[1], ARGV[1], "NX", "PX", ARGV[2]) then
	return 1
end
return 0
`)

//go:embed release.lua
var releaseSource string

var releaseScript = redis.NewScript(releaseSource)

// Client obtains locks.
type Client struct {
	client redis.Scripter
}

func New(client redis.UniversalClient) *Client { return &Client{client: client} }

// Lock is one held lock.
type Lock struct {
	client redis.Scripter
	key    string
	value  string
}

func (c *Client) Obtain(ctx context.Context, key string, ttl time.Duration) (*Lock, error) {
	buf := make([]byte, 16)
	if _, err := rand.Read(buf); err != nil {
		return nil, err
	}
	lock := &Lock{client: c.client, key: key, value: base64.RawURLEncoding.EncodeToString(buf)}
	n, err := obtainScript.Run(ctx, c.client, []string{lock.key}, lock.value, strconv.FormatInt(ttl.Milliseconds(), 10)).Int()
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, ErrNotObtained
	}
	return lock, nil
}
