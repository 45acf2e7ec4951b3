package luascript

import "testing"

var mismatchCases = []struct {
	name   string
	reason string
	src    string
	want   Reply
}{
	{
		name:   "design release",
		reason: "return 0 after the compare-then-DEL is the mismatch reply",
		src:    `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`,
		want:   ReplyInteger,
	},
	{
		name:   "else return 0",
		reason: "the else branch of the compare is the mismatch path",
		src:    `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`,
		want:   ReplyInteger,
	},
	{
		name:   "redsync delete",
		reason: "-1 when the key is gone, 0 when another token holds it: both integers",
		src:    `local val = redis.call("GET", KEYS[1]) if val == ARGV[1] then return redis.call("DEL", KEYS[1]) elseif val == false then return -1 else return 0 end`,
		want:   ReplyInteger,
	},
	{
		name:   "return false",
		reason: "false reaches the client as a nil reply",
		src:    `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return false`,
		want:   ReplyNil,
	},
	{
		name:   "falls off the end",
		reason: "a script that ends without return replies nil",
		src:    `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end`,
		want:   ReplyNil,
	},
	{
		name:   "early return nil",
		reason: "Redisson answers a missing owner field with nil",
		src:    `if (redis.call('hexists', KEYS[1], ARGV[3]) == 0) then return nil; end; redis.call('del', KEYS[1]); return 1;`,
		want:   ReplyNil,
	},
	{
		name:   "bare return",
		reason: "return with no value replies nil",
		src:    `if redis.call('get', KEYS[1]) ~= ARGV[1] then return end redis.call('del', KEYS[1]) return 1`,
		want:   ReplyNil,
	},
	{
		name:   "a script that is not owner-checked",
		reason: "the integer is a pre-check reply, not an answer to a failed owner check",
		src:    `if ARGV[1] == '' then return -2 end return redis.call('del', KEYS[1])`,
		want:   ReplyUnknown,
	},
	{
		name:   "pre-check integer, nil on mismatch",
		reason: "only the paths where the compare failed count: -2 answers bad arguments",
		src:    `if ARGV[1] == '' then return -2 end if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return false`,
		want:   ReplyNil,
	},
	{
		name:   "nil on one mismatch path, 0 on another",
		reason: "a 0 on any mismatch path is missed by an error-only check",
		src: `local v = redis.call('get', KEYS[1])
if v == false then return nil end
if v ~= ARGV[1] then return 0 end
return redis.call('del', KEYS[1])`,
		want: ReplyInteger,
	},
	{
		name:   "integer when the key is gone",
		reason: "a missing key is a lost lock too: -2 there is missed by an error-only check",
		src:    `if redis.call('exists', KEYS[1]) == 0 then return -2 end if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return false`,
		want:   ReplyInteger,
	},
	{
		name:   "another key seen absent",
		reason: "a missing side key (a latch, a counter) is not a lost lock: the -5 answers something else",
		src:    `if redis.call('exists', KEYS[2]) == 0 then return -5 end if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return false`,
		want:   ReplyNil,
	},
	{
		name:   "error()",
		reason: "error() aborts the script with an error reply",
		src:    `if redis.call('get', KEYS[1]) ~= ARGV[1] then error('not owner') end return redis.call('del', KEYS[1])`,
		want:   ReplyError,
	},
	{
		name:   "redis.error_reply",
		reason: "an error reply is an error in every client",
		src:    `if redis.call('get', KEYS[1]) ~= ARGV[1] then return redis.error_reply('not owner') end return redis.call('del', KEYS[1])`,
		want:   ReplyError,
	},
	{
		name:   "error table",
		reason: "{err = ...} is the table form of an error reply",
		src:    `if redis.call('get', KEYS[1]) ~= ARGV[1] then return {err = 'not owner'} end return redis.call('del', KEYS[1])`,
		want:   ReplyError,
	},
	{
		name:   "and-or expression",
		reason: "`check and del or 0` is 0 when the check fails",
		src:    `return redis.call('get', KEYS[1]) == ARGV[1] and redis.call('del', KEYS[1]) or 0`,
		want:   ReplyInteger,
	},
	{
		name:   "and expression",
		reason: "`check and del` is false when the check fails",
		src:    `return redis.call('get', KEYS[1]) == ARGV[1] and redis.call('del', KEYS[1])`,
		want:   ReplyNil,
	},
	{
		name:   "string on mismatch",
		reason: "a string is neither an integer nor an error: not known how callers read it",
		src:    `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 'not owner'`,
		want:   ReplyUnknown,
	},
	{
		name:   "command reply on mismatch",
		reason: "the reply of a command is not a literal",
		src:    `if redis.call('get', KEYS[1]) ~= ARGV[1] then return redis.call('get', KEYS[1]) end return redis.call('del', KEYS[1])`,
		want:   ReplyUnknown,
	},
	{
		name:   "return in a function literal",
		reason: "a return inside a function of the script does not end the script",
		src: `local function check() if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end return 1 end
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end`,
		want: ReplyNil,
	},
	{
		name:   "multi-key mget",
		reason: "bsm/redislock's multi-key release returns false when any element differs",
		src: `local vals = redis.call("mget", unpack(KEYS))
for i, v in ipairs(vals) do
  if v ~= ARGV[1] then return false end
end
for _, key in ipairs(KEYS) do redis.call("del", key) end
return 1`,
		want: ReplyNil,
	},
	{
		name:   "hexists == 1 else 0",
		reason: "the membership owner check's else branch is the mismatch path",
		src:    `if redis.call('hexists', KEYS[1], ARGV[1]) == 1 then redis.call('del', KEYS[1]) return 1 else return 0 end`,
		want:   ReplyInteger,
	},
}

func TestScript_MismatchReply(t *testing.T) {
	for _, tc := range mismatchCases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Classify(tc.src)
			if err != nil {
				t.Fatalf("Classify: %v", err)
			}
			if got := s.MismatchReply(); got != tc.want {
				t.Errorf("MismatchReply() = %v, want %v: %s", got, tc.want, tc.reason)
			}
		})
	}
}

// TestScript_MismatchReplyNested checks that a long chain of nested
// and/or neither takes exponential time nor claims a reply it cannot know.
func TestScript_MismatchReplyNested(t *testing.T) {
	src := "if redis.call('get', KEYS[1]) ~= ARGV[1] then return "
	for i := 0; i < 40; i++ {
		src += "(ARGV[2] or ARGV[3]) and "
	}
	src += "ARGV[4] end return redis.call('del', KEYS[1])"
	s, err := Classify(src)
	if err != nil {
		t.Fatalf("Classify: %v", err)
	}
	if got := s.MismatchReply(); got != ReplyUnknown {
		t.Errorf("MismatchReply() = %v, want unknown past the path bound", got)
	}
}

func TestScript_MismatchReplyNil(t *testing.T) {
	var s *Script
	if got := s.MismatchReply(); got != ReplyUnknown {
		t.Errorf("nil MismatchReply() = %v, want unknown", got)
	}
}
