package safelock

import "github.com/redis/go-redis/v9"

// The scripts compare the token and act in one atomic step; redis.Script
// sends them by SHA (EVALSHA) and falls back to EVAL on NOSCRIPT. Every
// script touches only keys passed in KEYS, so Redis Cluster routes it by the
// first key and the others must share its hash slot.
var (
	// releaseScript: KEYS[1] lock key, ARGV[1] token. Replies 1 or 0.
	releaseScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("DEL", KEYS[1])
end
return 0`)

	// refreshScript: KEYS[1] lock key, ARGV[1] token, ARGV[2] ttl in ms.
	// Replies 1 or 0; it never re-creates an expired key.
	refreshScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("PEXPIRE", KEYS[1], ARGV[2])
end
return 0`)

	// pttlScript: KEYS[1] lock key, ARGV[1] token. Replies the remaining
	// TTL in ms, or -3 when the key does not hold the token.
	pttlScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("PTTL", KEYS[1])
end
return -3`)

	// fencedAcquireScript: KEYS[1] lock key, KEYS[2] fence key, ARGV[1]
	// token, ARGV[2] ttl in ms. Replies the new fence (> 0) or 0 when the
	// lock is held. The fence moves only on a real acquisition: INCR, raised
	// to the server clock in microseconds when that is larger.
	// The clock floor keeps fences increasing when the counter is lost (a
	// restart without persistence, a failover before the counter replicated)
	// so that a new holder never gets a fence equal to or below a stale one
	// on a server whose clock moved forward since. Lua numbers are doubles,
	// exact below 2^53 (about year 2255 in microseconds).
	fencedAcquireScript = redis.NewScript(`if not redis.call("SET", KEYS[1], ARGV[1], "NX", "PX", ARGV[2]) then
  return 0
end
local fence = redis.call("INCR", KEYS[2])
local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
if now > fence then
  fence = now
  redis.call("SET", KEYS[2], string.format("%.0f", fence))
end
return fence`)
)
