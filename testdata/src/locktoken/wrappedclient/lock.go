// Package wrappedclient takes its locks through a client type of its own
// around a redigo pool, as services do.
package wrappedclient

import (
	"context"
	"fmt"
	"os"

	"github.com/gomodule/redigo/redis"
)

// Client wraps the pool: SetNX sends SET NX EX with the value it is given.
type Client struct{ pool *redis.Pool }

func (c *Client) SetNX(ctx context.Context, key, value string, ttlSeconds int64) (bool, error) {
	conn, err := c.pool.GetContext(ctx)
	if err != nil {
		return false, err
	}
	defer conn.Close()
	reply, err := redis.String(conn.Do("SET", key, value, "NX", "EX", ttlSeconds))
	if err == redis.ErrNil {
		return false, nil
	}
	return reply == "OK", err
}

// Lock names its owner by process, once, in its constructor: the fix
// gives each lock a fresh token there.
type Lock struct {
	client *Client
	key    string
	owner  string
}

func NewLock(client *Client, key string) *Lock {
	return &Lock{client: client, key: key, owner: fmt.Sprintf("pid-%d", os.Getpid())}
}

func (l *Lock) Lock(ctx context.Context) (bool, error) {
	return l.client.SetNX(ctx, l.key, l.owner, 30) // want `SetNX writes os.Getpid\(\)`
}

// LockOnce writes a constant through the wrapper: no fix, since the
// wrapper's body could send the constant again.
func LockOnce(ctx context.Context, c *Client, name string) (bool, error) {
	return c.SetNX(ctx, "once:"+name, "1", 30) // want `SetNX writes the constant "1"`
}
