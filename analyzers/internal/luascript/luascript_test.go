package luascript

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// verdict is the answer of one predicate: DeletesKey, ExpiresKey (first =
// guarded) or AcquiresKey (first = ttl).
type verdict struct{ first, ok bool }

var (
	none    = verdict{}
	guarded = verdict{true, true}
	bare    = verdict{false, true}
	withTTL = verdict{true, true}
	noTTL   = verdict{false, true}
)

type classifyCase struct {
	name   string
	reason string
	src    string
	key    int // KEYS index the predicates are asked about; 1 when 0
	del    verdict
	exp    verdict
	acq    verdict
	ops    []Op // when non-nil, the exact ops expected
}

var classifyCases = []classifyCase{
	{
		name:   "token as a second key",
		reason: "EVAL script 2 lock token: comparing GET KEYS[1] with KEYS[2] is the owner check",
		src:    `if redis.call("get", KEYS[1]) == KEYS[2] then return redis.call("expire", KEYS[1], ARGV[1]) end return 0`,
		exp:    guarded,
	},
	{
		name:   "key compared with itself",
		reason: "KEYS[1] is the lock key, not a token",
		src:    `if redis.call("get", KEYS[1]) == KEYS[1] then return redis.call("del", KEYS[1]) end return 0`,
		del:    bare,
	},
	{
		name:   "design release",
		reason: "compare-then-DEL in one script is the canonical owner-checked release",
		src:    `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`,
		del:    guarded,
		ops: []Op{
			{Command: "get", Key: 1, Line: 1},
			{Command: "del", Key: 1, Guarded: true, TokenArg: 1, Line: 1},
		},
	},
	{
		name:   "bsm obtain",
		reason: "SET NX PX acquires with TTL; the re-obtain SET PX is guarded by a token-prefix compare",
		src: `if redis.call("set", KEYS[1], ARGV[1], "NX", "PX", ARGV[3]) then
  return redis.status_reply("OK")
end
local offset = tonumber(ARGV[2])
if redis.call("getrange", KEYS[1], 0, offset-1) == string.sub(ARGV[1], 1, offset) then
  return redis.call("set", KEYS[1], ARGV[1], "PX", ARGV[3])
end`,
		exp: guarded,
		acq: withTTL,
		ops: []Op{
			{Command: "set", Key: 1, NX: true, ValueArg: 1, TTL: true, Line: 1},
			{Command: "getrange", Key: 1, Line: 5},
			{Command: "set", Key: 1, Guarded: true, TokenArg: 1, ValueArg: 1, TTL: true, Line: 6},
		},
	},
	{
		name:   "bsm refresh",
		reason: "compare-then-PEXPIRE is an owner-checked renewal",
		src:    `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`,
		exp:    guarded,
	},
	{
		name:   "bsm release",
		reason: "compare-then-DEL with an explicit else",
		src:    `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`,
		del:    guarded,
	},
	{
		name:   "bsm pttl",
		reason: "a read-only script neither deletes, expires nor acquires",
		src:    `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pttl", KEYS[1]) else return -3 end`,
		ops: []Op{
			{Command: "get", Key: 1, Line: 1},
			{Command: "pttl", Key: 1, Guarded: true, TokenArg: 1, Line: 1},
		},
	},
	{
		name:   "redsync delete",
		reason: "the value is read into a local and compared in an if/elseif chain; upper-case commands",
		src:    `local val = redis.call("GET", KEYS[1]) if val == ARGV[1] then return redis.call("DEL", KEYS[1]) elseif val == false then return -1 else return 0 end`,
		del:    guarded,
		ops: []Op{
			{Command: "get", Key: 1, Line: 1},
			{Command: "del", Key: 1, Guarded: true, TokenArg: 1, Line: 1},
		},
	},
	{
		name:   "redsync touch",
		reason: "compare-then-PEXPIRE in upper case",
		src:    `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) else return 0 end`,
		exp:    guarded,
	},
	{
		name:   "redsync touchWithSetNX",
		reason: "the PEXPIRE is guarded; the SET NX PX in the elseif condition is an acquire with TTL, not a renewal",
		src: `if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("PEXPIRE", KEYS[1], ARGV[2])
elseif redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2], "NX") then
  return 1
else
  return 0
end`,
		exp: guarded,
		acq: withTTL,
		ops: []Op{
			{Command: "get", Key: 1, Line: 1},
			{Command: "pexpire", Key: 1, Guarded: true, TokenArg: 1, Line: 2},
			{Command: "set", Key: 1, NX: true, ValueArg: 1, TTL: true, Line: 3},
		},
	},
	{
		name:   "go-zero lock",
		reason: "re-entrant refresh SET PX is guarded; the else branch acquires with NX PX",
		src:    `if redis.call("GET", KEYS[1]) == ARGV[1] then redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2]) return "OK" else return redis.call("SET", KEYS[1], ARGV[1], "NX", "PX", ARGV[2]) end`,
		exp:    guarded,
		acq:    withTTL,
	},
	{
		name:   "go-zero del",
		reason: "compare-then-DEL in upper case",
		src:    `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end`,
		del:    guarded,
	},
	{
		name:   "rueidislock extend",
		reason: "compare-then-PEXPIREAT, with the reply kept in a local",
		src: `if redis.call("GET", KEYS[1]) == ARGV[1] then
  local r = redis.call("PEXPIREAT", KEYS[1], ARGV[2])
  if r == 0 then redis.call("DEL", KEYS[1]) end
  return r
end
return 0`,
		exp: guarded,
		del: guarded,
	},
	{
		name:   "redisson renewal",
		reason: "HEXISTS of the owner field == 1 is the owner check of a hash lock; the token is ARGV[2]",
		src:    `if (redis.call('hexists', KEYS[1], ARGV[2]) == 1) then redis.call('pexpire', KEYS[1], ARGV[1]); return 1; end; return 0;`,
		exp:    guarded,
		ops: []Op{
			{Command: "hexists", Key: 1, Line: 1},
			{Command: "pexpire", Key: 1, Guarded: true, TokenArg: 2, Line: 1},
		},
	},
	{
		name:   "redisson unlock",
		reason: "an early return on HEXISTS == 0 guards the DEL and PEXPIRE that follow",
		src: `local val = redis.call('get', KEYS[3]);
if val ~= false then return tonumber(val); end;
if (redis.call('hexists', KEYS[1], ARGV[3]) == 0) then return nil; end;
local counter = redis.call('hincrby', KEYS[1], ARGV[3], -1);
if (counter > 0) then
  redis.call('pexpire', KEYS[1], ARGV[2]); redis.call('set', KEYS[3], 0, 'px', ARGV[5]); return 0;
else
  redis.call('del', KEYS[1]); redis.call(ARGV[4], KEYS[2], ARGV[1]); redis.call('set', KEYS[3], 1, 'px', ARGV[5]); return 1;
end;`,
		del: guarded,
		exp: guarded,
	},
	{
		name:   "redisson unlock latch key",
		reason: "the latch key KEYS[3] is written with a TTL and no owner check",
		src: `if (redis.call('hexists', KEYS[1], ARGV[3]) == 0) then return nil; end;
redis.call('set', KEYS[3], 1, 'px', ARGV[5]); return 1;`,
		key: 3,
		exp: bare,
	},
	{
		name:   "redisson acquire",
		reason: "exists == 0 or hexists == 1: the free-key branch has no owner check, so the PEXPIRE is bare",
		src:    `if ((redis.call('exists', KEYS[1]) == 0) or (redis.call('hexists', KEYS[1], ARGV[2]) == 1)) then redis.call('hincrby', KEYS[1], ARGV[2], 1); redis.call('pexpire', KEYS[1], ARGV[1]); return nil; end; return redis.call('pttl', KEYS[1]);`,
		exp:    bare,
	},
	{
		name:   "hexists zero guards else branch",
		reason: "== 0 means not the owner, so the else branch runs only for the owner",
		src:    `if redis.call('hexists', KEYS[1], ARGV[1]) == 0 then return 0 else return redis.call('del', KEYS[1]) end`,
		del:    guarded,
	},
	{
		name:   "hexists truthiness is no check",
		reason: "HEXISTS replies 0 or 1 and both are true in Lua, so a bare test guards nothing",
		src:    `if redis.call('hexists', KEYS[1], ARGV[1]) then return redis.call('del', KEYS[1]) end`,
		del:    bare,
	},
	{
		name:   "pcall",
		reason: "redis.pcall issues commands like redis.call",
		src:    `if redis.pcall('get', KEYS[1]) == ARGV[1] then return redis.pcall('unlink', KEYS[1]) end return 0`,
		del:    guarded,
	},
	{
		name:   "mixed case",
		reason: "command names are case-insensitive",
		src:    `if redis.call('GeT', KEYS[1]) == ARGV[1] then return redis.call('PExpire', KEYS[1], ARGV[2]) end return 0`,
		exp:    guarded,
	},
	{
		name:   "unconditional del",
		reason: "nothing compares the token before the DEL",
		src:    `return redis.call('del', KEYS[1])`,
		del:    bare,
		ops:    []Op{{Command: "del", Key: 1, Line: 1}},
	},
	{
		name:   "unconditional pexpire",
		reason: "nothing compares the token before the PEXPIRE",
		src:    `return redis.call('pexpire', KEYS[1], ARGV[1])`,
		exp:    bare,
	},
	{
		name:   "constant compare",
		reason: "comparing with a constant is not an owner check",
		src:    `if redis.call('get', KEYS[1]) == 'locked' then return redis.call('del', KEYS[1]) end return 0`,
		del:    bare,
	},
	{
		name:   "different key compared",
		reason: "the value of KEYS[2] says nothing about the owner of KEYS[1]",
		src:    `if redis.call('get', KEYS[2]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`,
		del:    bare,
	},
	{
		name:   "multi-key loop",
		reason: "each loop element is compared before it is deleted; Key is 0 since the index is not literal",
		src: `for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then redis.call('del', key) end
end
return 1`,
		del: guarded,
		ops: []Op{
			{Command: "get", Key: 0, Line: 2},
			{Command: "del", Key: 0, Guarded: true, TokenArg: 1, Line: 2},
		},
	},
	{
		name:   "multi-key loop asked about KEYS[2]",
		reason: "a Key 0 delete may touch any key",
		src:    `for _, key in ipairs(KEYS) do if redis.call('get', key) == ARGV[1] then redis.call('del', key) end end`,
		key:    2,
		del:    guarded,
	},
	{
		name:   "numeric loop over KEYS",
		reason: "KEYS[i] with i running over #KEYS is the loop element",
		src:    `for i = 1, #KEYS do if redis.call('get', KEYS[i]) == ARGV[1] then redis.call('del', KEYS[i]) end end`,
		del:    guarded,
	},
	{
		name:   "multi-key mget then delete",
		reason: "bsm/redislock HEAD: every MGET element is compared (mismatch returns) before a second loop deletes",
		src: `local vals = redis.call("mget", unpack(KEYS))
for i, v in ipairs(vals) do
  if v ~= ARGV[1] then return false end
end
for _, key in ipairs(KEYS) do redis.call("del", key) end
return 1`,
		del: guarded,
	},
	{
		name:   "multi-key check loop with break",
		reason: "a break can leave the check loop before every key was compared",
		src: `for _, key in ipairs(KEYS) do
  if redis.call("get", key) ~= ARGV[1] then break end
end
for _, key in ipairs(KEYS) do redis.call("del", key) end`,
		del: bare,
	},
	{
		name:   "delete both guarded and bare",
		reason: "one unguarded path makes the script bare",
		src:    `if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('del', KEYS[1]) end return redis.call('del', KEYS[1])`,
		del:    bare,
	},
	{
		name:   "early return on mismatch",
		reason: "the DEL after `if ... ~= ARGV[1] then return end` runs only for the owner",
		src:    `if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end return redis.call('del', KEYS[1])`,
		del:    guarded,
	},
	{
		name:   "early return through locals",
		reason: "key and value held in locals are followed",
		src:    "local key = KEYS[1]\nlocal v = redis.call('GET', key)\nif v ~= ARGV[1] then\n  return 0\nend\nredis.call('UNLINK', key)\nreturn 1",
		del:    guarded,
		ops: []Op{
			{Command: "get", Key: 1, Line: 2},
			{Command: "unlink", Key: 1, Guarded: true, TokenArg: 1, Line: 6},
		},
	},
	{
		name:   "mismatch branch that does not return",
		reason: "the code after the if runs on both outcomes",
		src:    `if redis.call('get', KEYS[1]) ~= ARGV[1] then redis.log(redis.LOG_WARNING, 'x') end return redis.call('del', KEYS[1])`,
		del:    bare,
	},
	{
		name:   "error aborts",
		reason: "error() ends the script like a return",
		src:    `if redis.call('get', KEYS[1]) ~= ARGV[1] then error('not owner') end redis.call('del', KEYS[1])`,
		del:    guarded,
	},
	{
		name:   "and expression",
		reason: "the right operand of and runs only when the compare is true",
		src:    `return redis.call('get', KEYS[1]) == ARGV[1] and redis.call('del', KEYS[1]) or 0`,
		del:    guarded,
	},
	{
		name:   "or condition",
		reason: "a force flag in an or bypasses the owner check",
		src:    `if redis.call('get', KEYS[1]) == ARGV[1] or ARGV[2] == 'force' then return redis.call('del', KEYS[1]) end`,
		del:    bare,
	},
	{
		name:   "negated compare",
		reason: "not (a == b) is a ~= b",
		src:    `if not (redis.call('get', KEYS[1]) == ARGV[1]) then return 0 end return redis.call('del', KEYS[1])`,
		del:    guarded,
	},
	{
		name:   "token in a local, operands reversed",
		reason: "ARGV held in a local and written first is still the token",
		src:    `local token = ARGV[2] if token == redis.call('get', KEYS[1]) then return redis.call('del', KEYS[1]) end`,
		del:    guarded,
		ops: []Op{
			{Command: "get", Key: 1, Line: 1},
			{Command: "del", Key: 1, Guarded: true, TokenArg: 2, Line: 1},
		},
	},
	{
		name:   "hget owner field",
		reason: "an owner stored in a hash field is read with HGET",
		src:    `if redis.call('hget', KEYS[1], 'owner') == ARGV[1] then return redis.call('del', KEYS[1]) end`,
		del:    guarded,
	},
	{
		name:   "key variable reassigned",
		reason: "the DEL is of KEYS[2], which was never compared",
		src:    `local k = KEYS[1] if redis.call('get', k) == ARGV[1] then k = KEYS[2] redis.call('del', k) end`,
		key:    2,
		del:    bare,
	},
	{
		name:   "delete in a function literal",
		reason: "a function body may be called from anywhere, so it starts with no checks",
		src:    `local function rel() return redis.call('del', KEYS[1]) end if redis.call('get', KEYS[1]) == ARGV[1] then return rel() end`,
		del:    bare,
	},
	{
		name:   "label forgets checks",
		reason: "a goto may reach the label without the check",
		src:    "if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end\n::again::\nredis.call('del', KEYS[1])",
		del:    bare,
	},
	{
		name:   "delete of an ARGV key",
		reason: "a key passed in ARGV cannot be named, so it may be KEYS[1]",
		src:    `return redis.call('del', ARGV[1])`,
		del:    bare,
		ops:    []Op{{Command: "del", Key: 0, Line: 1}},
	},
	{
		name:   "getdel",
		reason: "GETDEL deletes without comparing",
		src:    `return redis.call('getdel', KEYS[1])`,
		del:    bare,
	},
	{
		name:   "set with ttl overwrites",
		reason: "SET EX without NX resets the expiry of whoever holds the key",
		src:    `return redis.call('set', KEYS[1], ARGV[1], 'EX', 30)`,
		exp:    bare,
	},
	{
		name:   "setnx then pexpire",
		reason: "inside one script the PEXPIRE after SETNX is atomic with the acquire",
		src:    `if redis.call('setnx', KEYS[1], ARGV[1]) == 1 then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end return 0`,
		acq:    withTTL,
		exp:    bare,
	},
	{
		name:   "setnx alone",
		reason: "an acquire with no expiry anywhere in the script",
		src:    `return redis.call('setnx', KEYS[1], ARGV[1])`,
		acq:    noTTL,
	},
	{
		name:   "set nx without ttl",
		reason: "SET NX with no PX/EX leaves a key that never expires",
		src:    `return redis.call('SET', KEYS[1], ARGV[1], 'nx')`,
		acq:    noTTL,
	},
	{
		name:   "multi-key del",
		reason: "DEL of two keys makes one op per key",
		src:    `return redis.call('del', KEYS[1], KEYS[2])`,
		key:    2,
		del:    bare,
		ops:    []Op{{Command: "del", Key: 1, Line: 1}, {Command: "del", Key: 2, Line: 1}},
	},
	{
		name:   "two keys checked with and",
		reason: "both compares hold in the then branch, each for its own key",
		src:    `if redis.call('get', KEYS[1]) == ARGV[1] and redis.call('get', KEYS[2]) == ARGV[2] then redis.call('del', KEYS[1]) redis.call('del', KEYS[2]) end`,
		key:    2,
		del:    guarded,
		ops: []Op{
			{Command: "get", Key: 1, Line: 1},
			{Command: "get", Key: 2, Line: 1},
			{Command: "del", Key: 1, Guarded: true, TokenArg: 1, Line: 1},
			{Command: "del", Key: 2, Guarded: true, TokenArg: 2, Line: 1},
		},
	},
	{
		name:   "nested checks",
		reason: "an inner if adds its check to the outer one",
		src:    `if redis.call('get', KEYS[1]) == ARGV[1] then if redis.call('get', KEYS[2]) == ARGV[3] then return redis.call('del', KEYS[2]) end end`,
		key:    2,
		del:    guarded,
	},
	{
		name:   "hexists through a local",
		reason: "the membership reply kept in a local and tested == 0 before an early return",
		src:    `local owned = redis.call('HEXISTS', KEYS[1], ARGV[1]) if owned == 0 then return 0 end return redis.call('del', KEYS[1])`,
		del:    guarded,
	},
	{
		name:   "tostring and method sub",
		reason: "tostring() of the reply compared with a token prefix taken with the :sub method",
		src:    `if tostring(redis.call('get', KEYS[1])) == ARGV[1]:sub(1, 16) then return redis.call('pexpire', KEYS[1], ARGV[2]) end`,
		exp:    guarded,
	},
	{
		name:   "while condition",
		reason: "the body of a while runs only when its condition holds",
		src:    `while redis.call('get', KEYS[1]) == ARGV[1] do redis.call('del', KEYS[1]) end`,
		del:    guarded,
	},
	{
		name:   "repeat until",
		reason: "a repeat body runs at least once before its condition is tested",
		src:    `repeat local v = redis.call('get', KEYS[1]) redis.call('del', KEYS[1]) until v ~= ARGV[1]`,
		del:    bare,
	},
	{
		name:   "early return inside do block",
		reason: "a do block passes its checks on",
		src:    `do if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end end return redis.call('del', KEYS[1])`,
		del:    guarded,
	},
	{
		name:   "loop over ARGV",
		reason: "keys taken from ARGV are not KEYS elements and never compared",
		src:    `for _, k in pairs(ARGV) do redis.call('del', k) end`,
		del:    bare,
	},
	{
		name:   "hex index",
		reason: "numeric literals in any Lua notation name the same index",
		src:    `if redis.call('get', KEYS[0x1]) == ARGV[1.0] then return redis.call('expire', KEYS[1], 30) end`,
		exp:    guarded,
	},
	{
		name:   "unnamed key inside a check",
		reason: "a DEL of an ARGV-named key after KEYS[1]'s check is either KEYS[1], checked, or another key",
		src:    `if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('del', KEYS[1]) redis.call('del', 'stats:' .. ARGV[2]) return 1 end return 0`,
		del:    guarded,
		ops: []Op{
			{Command: "get", Key: 1, Line: 1},
			{Command: "del", Key: 1, Guarded: true, TokenArg: 1, Line: 1},
			{Command: "del", Key: 0, Line: 1},
		},
	},
	{
		name:   "unnamed key checked for another key",
		reason: "KEYS[2]'s check says nothing about an unnamed key that may be KEYS[1]",
		src:    `if redis.call('get', KEYS[2]) == ARGV[1] then redis.call('del', ARGV[2]) end`,
		del:    bare,
	},
	{
		name:   "pexpire of a key seen absent",
		reason: "GET replied nil (false) in this branch, so the PEXPIRE does nothing: no bare renewal",
		src: `local v = redis.call('get', KEYS[1])
if v == false then
  redis.call('pexpire', KEYS[1], ARGV[2])
  return 0
end
return 1`,
		ops: []Op{
			{Command: "get", Key: 1, Line: 1},
			{Command: "pexpire", Key: 1, Absent: true, Line: 3},
		},
	},
	{
		name:   "del after exists == 0",
		reason: "EXISTS replied 0, so the DEL deletes nothing",
		src:    `if redis.call('exists', KEYS[1]) == 0 then redis.call('del', KEYS[1]) return 0 end return 1`,
	},
	{
		name:   "absent branch beside an owner check",
		reason: "the DEL of a missing key neither makes the script bare nor hides its guarded PEXPIRE",
		src: `local v = redis.call('get', KEYS[1])
if v == false then
  redis.call('del', KEYS[1])
  return -1
elseif v == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0`,
		exp: guarded,
	},
	{
		name:   "not of a GET",
		reason: "`not v` of a GET reply is true only when the key is missing",
		src:    `if not redis.call('get', KEYS[1]) then redis.call('del', KEYS[1]) return 0 end return 1`,
	},
	{
		name:   "exists == 1 early return",
		reason: "after returning when EXISTS is 1, the key is absent",
		src:    `if redis.call('exists', KEYS[1]) == 1 then return 0 end redis.call('pexpire', KEYS[1], 100) return 1`,
	},
	{
		name:   "pttl -2 through a local",
		reason: "PTTL -2 means no such key",
		src:    `local t = redis.call('pttl', KEYS[1]) if t == -2 then redis.call('unlink', KEYS[1]) return 0 end return t`,
	},
	{
		name:   "absence and owner check on the same delete",
		reason: "an absent branch and an owner-checked branch that share no op",
		src:    `if redis.call('exists', KEYS[1]) == 0 then return redis.call('del', KEYS[1]) end if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`,
		del:    guarded,
	},
	{
		name:   "set of a key seen absent is no renewal",
		reason: "a SET PX where GET saw nothing writes a key nobody holds; the PEXPIRE is owner-checked",
		src: `local v = redis.call('get', KEYS[1])
if v == false then return redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
if v == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
return 0`,
		exp: guarded,
	},
	{
		name:   "absence forgotten after a write",
		reason: "the SET created the key, so the PEXPIRE that follows is a real renewal",
		src:    `if redis.call('exists', KEYS[1]) == 0 then redis.call('set', KEYS[1], ARGV[1]) redis.call('pexpire', KEYS[1], ARGV[2]) end`,
		exp:    bare,
	},
	{
		name:   "absence forgotten after a call of the script's own function",
		reason: "a function of the script may write the key",
		src:    `local function put() redis.call('set', KEYS[1], ARGV[1]) end if redis.call('exists', KEYS[1]) == 0 then put() redis.call('pexpire', KEYS[1], 100) end`,
		exp:    bare,
	},
	{
		name:   "absence in a condition that writes",
		reason: "the INCR in the same condition created the key the GET saw absent",
		src:    `if redis.call('get', KEYS[1]) == false and redis.call('incr', KEYS[1]) then redis.call('pexpire', KEYS[1], 100) end`,
		exp:    bare,
	},
	{
		name:   "absence does not enter a loop",
		reason: "a later iteration runs after the SET of the one before",
		src:    `if redis.call('exists', KEYS[1]) == 0 then for i = 1, 2 do redis.call('pexpire', KEYS[1], 100) redis.call('set', KEYS[1], i) end end`,
		exp:    bare,
	},
	{
		name:   "exists truthiness is no absence",
		reason: "EXISTS replies 0 or 1 and both are true in Lua",
		src:    `if not redis.call('exists', KEYS[1]) then redis.call('del', KEYS[1]) end`,
		del:    bare,
	},
	{
		name:   "hget false is no absence",
		reason: "HGET replies nil for a missing field of an existing hash",
		src:    `if redis.call('hget', KEYS[1], 'owner') == false then redis.call('del', KEYS[1]) end`,
		del:    bare,
	},
	{
		name:   "absence of another key",
		reason: "KEYS[2] missing says nothing about KEYS[1]",
		src:    `if redis.call('exists', KEYS[2]) == 0 then redis.call('del', KEYS[1]) end`,
		del:    bare,
	},
	{
		name:   "absence of an unnamed key",
		reason: "a DEL of an ARGV-named key may be any key",
		src:    `if redis.call('exists', KEYS[1]) == 0 then redis.call('del', ARGV[1]) end`,
		del:    bare,
	},
	{
		name:   "absence after the if is gone",
		reason: "the branches join: on the other path the key exists",
		src:    `local v = redis.call('get', KEYS[1]) if v == false then redis.log(redis.LOG_NOTICE, 'gone') end redis.call('del', KEYS[1])`,
		del:    bare,
	},
	{
		name:   "empty script",
		reason: "no commands at all",
		src:    ``,
	},
}

func TestClassify_table(t *testing.T) {
	for _, tc := range classifyCases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Classify(tc.src)
			if err != nil {
				t.Fatalf("Classify: %v (%s)", err, tc.reason)
			}
			key := tc.key
			if key == 0 {
				key = 1
			}
			check := func(what string, got, want verdict) {
				if got != want {
					t.Errorf("%s(%d) = %v, want %v: %s", what, key, got, want, tc.reason)
				}
			}
			g, ok := s.DeletesKey(key)
			check("DeletesKey", verdict{g, ok}, tc.del)
			g, ok = s.ExpiresKey(key)
			check("ExpiresKey", verdict{g, ok}, tc.exp)
			ttl, ok := s.AcquiresKey(key)
			check("AcquiresKey", verdict{ttl, ok}, tc.acq)
			if got := exported(s.Ops); tc.ops != nil && !reflect.DeepEqual(got, tc.ops) {
				t.Errorf("ops:\n got  %+v\n want %+v\n(%s)", got, tc.ops, tc.reason)
			}
		})
	}
}

// exported returns ops with only their exported fields, which is what the
// table states.
func exported(ops []Op) []Op {
	out := make([]Op, len(ops))
	for i, op := range ops {
		op.checked = 0
		out[i] = op
	}
	return out
}

func TestClassify_invalid(t *testing.T) {
	for _, src := range []string{
		`if redis.call('get', KEYS[1]) == ARGV[1] then`,
		`return redis.call('del', KEYS[1]`,
		`local = 1`,
		"\x00\xff",
		`x = "unterminated`,
	} {
		s, err := Classify(src)
		if err == nil || !errors.Is(err, ErrInvalid) {
			t.Errorf("Classify(%q) = %v, %v; want an error wrapping ErrInvalid", src, s, err)
		}
	}
}

func TestScript_nilSafe(t *testing.T) {
	var s *Script
	if g, ok := s.DeletesKey(1); g || ok {
		t.Errorf("nil DeletesKey = %v, %v", g, ok)
	}
	if g, ok := s.ExpiresKey(1); g || ok {
		t.Errorf("nil ExpiresKey = %v, %v", g, ok)
	}
	if ttl, ok := s.AcquiresKey(1); ttl || ok {
		t.Errorf("nil AcquiresKey = %v, %v", ttl, ok)
	}
}

// FuzzClassify checks that no input panics and that every result is
// internally consistent.
func FuzzClassify(f *testing.F) {
	for _, tc := range classifyCases {
		f.Add(tc.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		s, err := Classify(src)
		if err != nil {
			if !errors.Is(err, ErrInvalid) || s != nil {
				t.Fatalf("Classify error %v does not wrap ErrInvalid or returned %v", err, s)
			}
			return
		}
		for _, op := range s.Ops {
			checkOp(t, op)
		}
		for i := 1; i <= 3; i++ {
			if g, ok := s.DeletesKey(i); g && !ok {
				t.Fatalf("DeletesKey(%d) guarded without a delete", i)
			}
			if g, ok := s.ExpiresKey(i); g && !ok {
				t.Fatalf("ExpiresKey(%d) guarded without an expire", i)
			}
			if ttl, ok := s.AcquiresKey(i); ttl && !ok {
				t.Fatalf("AcquiresKey(%d) ttl without an acquire", i)
			}
		}
		if r := s.MismatchReply(); r < ReplyUnknown || r > ReplyInteger {
			t.Fatalf("MismatchReply() = %d, out of range", r)
		}
	})
}

func checkOp(t *testing.T, op Op) {
	t.Helper()
	if op.Guarded != (op.TokenArg > 0) {
		t.Fatalf("op %+v: Guarded and TokenArg disagree", op)
	}
	if op.Key < 0 || op.Line < 1 || op.Command != strings.ToLower(op.Command) {
		t.Fatalf("op %+v: bad key, line or command case", op)
	}
}
