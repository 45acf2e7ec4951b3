// Package redisx is the service's one import for Redis helpers: it hands
// its callers the readers of the reply package under its own names.
package redisx

import (
	"github.com/redis/rueidis"

	"example.com/clients/acquireloop/rueidis/reply"
)

// Err reads only the reply's error, through the reply package.
func Err(res rueidis.RedisResult) error { return reply.Err(res) }
