package ownercmd

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

	// PTTLScript: KEYS[1] lock key, ARGV[1] token. Replies the remaining
	// TTL in ms, or -3 when the key does not hold the token.
	PTTLScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("PTTL", KEYS[1])
end
return -3`)

	// FencedAcquireScript: KEYS[1] lock key, KEYS[2] fence key, ARGV[1]
	// token, ARGV[2] ttl in ms. Replies the new fence (> 0) or 0 when the
	// lock is held, and touches the fence key only on a real acquisition.
	// The new fence is the counter plus one, raised to the server clock in
	// microseconds when that is larger, and is stored back. One SET ... GET
	// stores the clock and reads the previous counter in a single call; only
	// when the counter is not below the clock (several acquisitions within a
	// microsecond, or a clock that went back) does a second SET store
	// counter + 1 instead. The common path thus runs three commands (SET NX
	// PX, TIME, SET GET). A server older than Redis 6.2 rejects SET's GET
	// option without running it; the script then reads and writes the
	// counter with GET and SET.
	//
	// The clock floor keeps fences increasing when the counter is lost (a
	// restart without persistence, a failover before the counter
	// replicated), and it is also why the counter need not be permanent: it
	// matters only while it is ahead of the clock. So the fence key expires
	// ttl + 1 ms after the clock reaches the fence it holds (PX is the
	// lock's ttl plus the counter's lead over the clock, rounded up). Key
	// expiry and TIME read the same server clock, so once the key is gone
	// that clock is past every fence stored in it, and the clock alone
	// issues a larger one; while a lease can still be live the key is kept,
	// and lock names no longer used leave nothing behind. Lua numbers are
	// doubles, exact below 2^53 (about year 2255 in microseconds), and Redis
	// passes a number argument to a command as "%.17g", which writes such
	// integers out in full.
	FencedAcquireScript = redis.NewScript(`if not redis.call("SET", KEYS[1], ARGV[1], "NX", "PX", ARGV[2]) then
  return 0
end
local t = redis.call("TIME")
local now = t[1] * 1000000 + t[2]
local fence = now
local keep = tonumber(ARGV[2]) + 1
local last = redis.pcall("SET", KEYS[2], fence, "PX", keep, "GET")
if type(last) == "table" then
  last = redis.call("GET", KEYS[2])
  redis.call("SET", KEYS[2], fence, "PX", keep)
end
last = tonumber(last)
if last and last >= fence then
  fence = last + 1
  redis.call("SET", KEYS[2], fence, "PX", keep + math.ceil((fence - now) / 1000))
end
return fence`)
)
