// Package safelock is a Redis lock (a lease) for go-redis v9 that a careful
// engineer can rely on: one round trip to acquire, owner-checked release and
// refresh, unknown outcomes resolved instead of guessed, a context that ends
// before the server-side TTL does, and fencing tokens for the resource.
//
// # Low-level functions
//
// [Release], [Refresh] and [NewToken] work on a key and a token the caller
// stores itself (they are what leasevet's fixes rewrite code to):
//
//	token := safelock.NewToken()
//	ok, err := rdb.SetNX(ctx, key, token, ttl).Result()
//	...
//	err = safelock.Release(ctx, rdb, key, token) // ErrNotOwner if it expired
//
// Both compare the token and act atomically, with the native DELEX IFEQ and
// SET IFEQ commands on servers that have them (Redis 8.4+) and a Lua script
// sent by SHA otherwise. A 0 reply is [ErrNotOwner]; it is never followed by
// an unconditional DEL.
package safelock
