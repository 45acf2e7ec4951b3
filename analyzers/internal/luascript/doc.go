// Package luascript classifies the Redis commands a Lua script issues, so
// that analyzers can tell an owner-checked release or renewal from a bare one.
//
// Scripts are parsed with a real Lua parser (gopher-lua), never matched with
// regular expressions: the same compare-then-delete can be written with a
// local (`local v = redis.call("GET", KEYS[1]) if v == ARGV[1] ...`), an early
// return (`if ... ~= ARGV[1] then return 0 end`), an elseif chain, redis.pcall,
// any letter case, or a loop over KEYS, and only the syntax tree sees them all
// alike.
//
// [Classify] returns one [Op] per redis.call/redis.pcall whose command name is
// a string constant. An op is Guarded when, on every path that reaches it, the
// value read from the same key (GET, GETEX, GETRANGE, HGET, or HEXISTS /
// SISMEMBER of the token) was found equal to an ARGV element: this is the
// owner check a lock's release needs. The analysis is a small forward data-flow
// over the syntax tree: each condition yields the owner checks that hold when
// it is true and when it is false, branches that always return drop out, and
// the checks that hold on every surviving path flow on.
//
// The same flow carries two more facts. A key the script has just seen
// absent (a GET compared with false, EXISTS 0, PTTL -2), with nothing sent
// since that may create a key, makes a DEL or an expire of it a no-op: such
// an op is Absent and counts neither as a bare nor as a guarded write. And a
// failed owner check marks the paths [Script.MismatchReply] reads the
// script's answer on: an integer, which a client's error does not show, or
// nil or an error reply, which go-redis returns as an error.
//
// The analysis is deliberately conservative in one direction only: when in
// doubt an op is reported as unguarded (bare), never as guarded. Ops inside
// function literals start with no checks, a goto label forgets all checks,
// and a loop never exports the checks of its body except for the
// "every KEYS element was compared" shape of multi-key scripts.
//
// This package owns that flow and the verdicts on a script. What a single
// expression stands for (a KEYS element, an ARGV token, a read, a probe,
// a local variable bound to one of them) is package scriptexpr's; the Go
// code a script comes from, and which client sent it, are the callers'.
package luascript
