package rediscall

import (
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/luascript"
)

// A Call is a recognised Redis client call: the command it sends and the
// expressions that supply its key, value and expiry.
type Call struct {
	Expr    *ast.CallExpr
	Func    *types.Func
	Kind    Kind
	Command string // the Redis command, for messages: "SET NX", "DEL", "EXPIRE"
	Method  string // the Go method or function name: "SetNX", "Do"

	Client     Client   // whose API the call is: how it was read, which fixes can rewrite it
	Library    string   // the lock library, for lock library calls ("redsync")
	ClientExpr ast.Expr // the receiver (go-redis, redigo) or client argument (safelock.Release)
	Ctx        ast.Expr // the context argument, if the API takes one
	// Forwarded: Expr calls a forwarder of the package (forward.go), and
	// ClientExpr is the forwarder's receiver, not a client: no fix can
	// rewrite the call.
	Forwarded bool

	KeyExpr  ast.Expr   // the (first) key, nil when unknown
	KeyExprs []ast.Expr // every key (DEL k1 k2, a script's KEYS)
	Value    ast.Expr   // the value written
	Match    ast.Expr   // the value compared (IFEQ, DELIFEQ)

	TTL   ast.Expr // the expiry expression, nil when none or unknown
	TTLIs TTLState
	TTLAt bool // TTL is an absolute time
	// TTLInWrapper: the call is of a wrapper that gives the command an
	// expiry of its own (TTL, an expression of the wrapper, is then nil).
	TTLInWrapper bool
	NX           bool // write only if absent
	Queued       bool // sent in a pipeline or MULTI: runs only at Exec

	Script *ScriptCall       // for Kind Script
	Lua    *luascript.Script // the script's commands, when its source is known and parses
	Fn     ast.Expr          // callback of Watch / Pipelined

	// Role is what the call does to its key, and OwnerChecked whether it
	// compares the owner token in the same server-side step: computed
	// once (Classify), for every rule.
	Role         Role
	OwnerChecked bool

	// FailsOnDoneCtx names the client that fails the command without
	// sending it when Ctx is already done ("go-redis", "rueidis",
	// "valkey-go"); "" when nothing shows it would (no context, a
	// library call that detaches from it, redigo, a redsync pool that
	// may not pass it on).
	FailsOnDoneCtx string

	// OKResult: a lock library release that reports a lost lock as
	// (false, nil), so only reading ok notices it.
	OKResult bool

	// Chain is the builder chain of a rueidis/valkey-go command, as
	// written: sent by Do, DoCache or DoMulti (Expr is the Do call, or the
	// chain's Build call inside a DoMulti).
	Chain *BuilderChain

	// Options is the options argument (go-redis SetArgs, gredis's
	// SetOption), or the command rueidis's Do sends, when this call cannot
	// read it (Kind is then KindOther): a variable, or a parameter a
	// wrapper forwards, whose literal at the wrapper's call decides the
	// command (ApplyOptions).
	Options ast.Expr
}

// A Client is whose API a call is made through: the calling convention
// recognition reads it with, and what a fix can rewrite it to.
type Client uint8

const (
	NoClient  Client = iota // a lock library's own call (safelock, bsm/redislock, redsync, rueidislock)
	GoRedisV9               // go-redis v9: safelock takes its clients
	GoRedis                 // go-redis v8 and older, and the go-redis-shaped adapters of rueidis and valkey-go
	Redigo                  // redigo: string commands through Do/Send, script objects
	Rueidis                 // rueidis and valkey-go: builder chains sent by Do/DoMulti, *Lua scripts
	GoZero                  // go-zero's *redis.Redis and RedisLock: TTLs in seconds, (value, error) results
	GoFrame                 // GoFrame's gredis (g.Redis()): (value, error) results, *gvar.Var replies, TTLs in seconds or milliseconds
)

// goRedis reports whether c has go-redis's calling convention: methods
// named after commands, returning a *Cmd.
func (c Client) goRedis() bool { return c == GoRedisV9 || c == GoRedis }

// Kind says what a recognised call does to a lock key.
type Kind int

const (
	KindOther   Kind = iota // recognised but irrelevant to locks (PING, HSET, ...)
	Acquire                 // write only if absent: SET NX, SETNX
	Set                     // unconditional write (SET, SETEX, SET XX)
	Get                     // read the value
	Delete                  // DEL, UNLINK, GETDEL
	Expire                  // EXPIRE, PEXPIRE, EXPIREAT, PEXPIREAT
	Script                  // EVAL, EVALSHA and script objects
	CondDelete              // DELEX key IFEQ token, DELIFEQ: owner-checked delete
	CondSet                 // SET key v IFEQ token: owner-checked rewrite
	Watch                   // optimistic transaction over keys
	Pipelined               // Pipelined/TxPipelined(fn): fn's commands are queued
	LockObtain              // a lock library's acquire
	LockRelease             // a lock library's owner-checked release
	LockRefresh             // a lock library's owner-checked renewal
	LockOption              // a lock library option that sets the lock value
)

// TTLState says whether a write sets an expiry.
type TTLState int

const (
	TTLUnknown TTLState = iota // cannot tell: stay silent
	NoTTL                      // certainly no expiry
	HasTTL                     // certainly an expiry
)

// A ScriptCall is a Lua script invocation.
type ScriptCall struct {
	Source string // the script's source, "" when it cannot be determined
	Known  bool
	// Script is the expression of the script argument of Eval/EvalSha
	// (the source, or the SHA1 for EvalSha), and KeysExpr that of the
	// keys slice: a wrapper that passes its own parameters there is
	// summarised as running the script its callers pass.
	Script   ast.Expr
	Sha      bool
	KeysExpr ast.Expr
	// Object is set when Script is a script object (the *Script of
	// Run, the *Lua of Exec, go-zero's *Script of ScriptRun) rather than
	// a source or a SHA1.
	Object bool
	// Args are the expressions of ARGV, one each, when the call writes
	// them out (not a slice spread with ...); nil otherwise.
	Args []ast.Expr
	// KeysAndArgs are the keys and arguments of redigo's Do(c,
	// keysAndArgs...), written out, when the script object's key count
	// is not known where it runs (a *Script passed in): the callers of a
	// wrapper, whose script says its key count, split them.
	KeysAndArgs []ast.Expr
}

// argv returns the ARGV expressions of call, args, unless call spreads a
// slice into them.
func argv(call *ast.CallExpr, args []ast.Expr) []ast.Expr {
	if call == nil || call.Ellipsis.IsValid() {
		return nil
	}
	return args
}

// KeyAt returns the expression of KEYS[i] (1-based), or nil.
func (c *Call) KeyAt(i int) ast.Expr {
	if i < 1 || i > len(c.KeyExprs) {
		return nil
	}
	return c.KeyExprs[i-1]
}

// A BuilderChain is a rueidis/valkey-go command as written:
// c.B().Set().Key(k).Value(v).Nx().Px(ttl).Build(), read back from its
// Build call to the step on the Builder that names the command.
type BuilderChain struct {
	Steps  []ChainStep   // from the command step (Set) to the end (Build)
	Client ast.Expr      // X of X.B(), nil when the Builder came from elsewhere
	End    *ast.CallExpr // the Build or Cache call
	Inline bool          // written in the argument of the call that sends it
}

// A ChainStep is one method call of a chain.
type ChainStep struct {
	Name   string
	Call   *ast.CallExpr
	Spread bool // Key(keys...), Arg(args...)
}
