package legacy

import (
	"time"

	redisv6 "github.com/go-redis/redis"
)

// AcquireV6 uses go-redis v6, whose methods take no context.
func AcquireV6(c *redisv6.Client, resource string) bool {
	key := "lock:" + resource
	if !c.SetNX(key, "1", 0).Val() {
		return false
	}
	c.Expire(key, 15*time.Second) // want `Expire sets the TTL of lock key "lock:" \+ resource only after SetNX acquired it`
	return true
}
