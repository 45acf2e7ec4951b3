// Package global holds the service's clients, the way many services do:
// a package variable set at start-up, a getter, and a struct that embeds
// the client.
package global

import "github.com/redis/go-redis/v9"

var Redis *redis.Client

func Client() *redis.Client { return Redis }

// Store embeds the client: its promoted methods are go-redis's.
type Store struct {
	*redis.Client
	Prefix string
}
