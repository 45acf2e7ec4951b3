package rediscall

import "strings"

// A CommandRow describes a method or string command: the command it sends
// and the positions of its arguments. For go-redis, positions count the
// arguments after the context (go-redis v8/v9) or from the first argument
// (v7, v6 and gopkg.in/redis.v3 to .v5, which take no context). -1: absent.
type CommandRow struct {
	Kind     Kind
	Command  string // the Redis command as the server sees it
	Key      int
	Value    int
	TTL      int  // time.Duration expiry
	At       bool // TTL is an absolute time.Time (ExpireAt, PExpireAt)
	Variadic bool // keys are the variadic tail from position Key on
	Args     int  // position of an options struct (SetArgs, DelExArgs)
	Fn       int  // position of a callback (Watch, Pipelined)
	NX       bool
	Match    int // position of the IFEQ match value
}

// goRedisMethods maps a method name of any go-redis client, command
// interface, pipeline or transaction to what it sends.
var goRedisMethods = map[string]CommandRow{
	// SetNX sends SET k v NX (with PX/EX when expiration > 0) or SETNX.
	"SetNX": {Kind: Acquire, Command: "SET NX", Key: 0, Value: 1, TTL: 2, Args: -1, Fn: -1, NX: true, Match: -1},
	// SetArgs is an acquire only when its Mode is NX; read by setArgs.
	"SetArgs": {Kind: Set, Command: "SET", Key: 0, Value: 1, TTL: -1, Args: 2, Fn: -1, Match: -1},
	"Set":     {Kind: Set, Command: "SET", Key: 0, Value: 1, TTL: 2, Args: -1, Fn: -1, Match: -1},
	"SetEx":   {Kind: Set, Command: "SETEX", Key: 0, Value: 1, TTL: 2, Args: -1, Fn: -1, Match: -1}, // v9 spelling
	"SetEX":   {Kind: Set, Command: "SETEX", Key: 0, Value: 1, TTL: 2, Args: -1, Fn: -1, Match: -1}, // v8 spelling
	"SetXX":   {Kind: Set, Command: "SET XX", Key: 0, Value: 1, TTL: 2, Args: -1, Fn: -1, Match: -1},
	// These take the command's own arguments, in order: the string
	// command's row (genericCommands) is theirs.
	"Get":     genericCommands["get"],
	"GetDel":  genericCommands["getdel"],
	"Del":     genericCommands["del"],
	"Unlink":  genericCommands["unlink"],
	"Expire":  genericCommands["expire"],
	"PExpire": genericCommands["pexpire"],
	// The conditional EXPIRE variants still renew unconditionally with
	// respect to the owner: NX/XX/GT/LT look at the TTL, not the value.
	"ExpireNX":  {Kind: Expire, Command: "EXPIRE NX", Key: 0, Value: -1, TTL: 1, Args: -1, Fn: -1, Match: -1},
	"ExpireXX":  {Kind: Expire, Command: "EXPIRE XX", Key: 0, Value: -1, TTL: 1, Args: -1, Fn: -1, Match: -1},
	"ExpireGT":  {Kind: Expire, Command: "EXPIRE GT", Key: 0, Value: -1, TTL: 1, Args: -1, Fn: -1, Match: -1},
	"ExpireLT":  {Kind: Expire, Command: "EXPIRE LT", Key: 0, Value: -1, TTL: 1, Args: -1, Fn: -1, Match: -1},
	"ExpireAt":  genericCommands["expireat"],
	"PExpireAt": genericCommands["pexpireat"],
	// Scripts: position 0 is the source or SHA, 1 the keys, 2.. the args.
	"Eval":      {Kind: Script, Command: "EVAL", Key: 1, Value: -1, TTL: -1, Args: -1, Fn: -1, Match: -1},
	"EvalRO":    {Kind: Script, Command: "EVAL_RO", Key: 1, Value: -1, TTL: -1, Args: -1, Fn: -1, Match: -1},
	"EvalSha":   {Kind: Script, Command: "EVALSHA", Key: 1, Value: -1, TTL: -1, Args: -1, Fn: -1, Match: -1},
	"EvalShaRO": {Kind: Script, Command: "EVALSHA_RO", Key: 1, Value: -1, TTL: -1, Args: -1, Fn: -1, Match: -1},
	// DelExArgs is owner-checked only with Mode IFEQ; read by delExArgs.
	"DelExArgs":  {Kind: Delete, Command: "DELEX", Key: 0, Value: -1, TTL: -1, Args: 1, Fn: -1, Match: -1},
	"SetIFEQ":    {Kind: CondSet, Command: "SET IFEQ", Key: 0, Value: 1, TTL: 3, Args: -1, Fn: -1, Match: 2},
	"SetIFEQGet": {Kind: CondSet, Command: "SET IFEQ GET", Key: 0, Value: 1, TTL: 3, Args: -1, Fn: -1, Match: 2},
	// Watch(ctx, fn, keys...): keys from position 1.
	"Watch":       {Kind: Watch, Command: "WATCH", Key: 1, Value: -1, TTL: -1, Variadic: true, Args: -1, Fn: 0, Match: -1},
	"Pipelined":   {Kind: Pipelined, Command: "MULTI", Key: -1, Value: -1, TTL: -1, Args: -1, Fn: 0, Match: -1},
	"TxPipelined": {Kind: Pipelined, Command: "MULTI", Key: -1, Value: -1, TTL: -1, Args: -1, Fn: 0, Match: -1},
}

// scriptObjectMethods are the methods of go-redis's *Script. Positions count
// after the context: 0 is the client, 1 the keys, 2.. the args.
var scriptObjectMethods = map[string]string{
	"Run":       "EVALSHA", // EVALSHA with an EVAL fallback on NOSCRIPT
	"RunRO":     "EVALSHA_RO",
	"Eval":      "EVAL",
	"EvalRO":    "EVAL_RO",
	"EvalSha":   "EVALSHA",
	"EvalShaRO": "EVALSHA_RO",
}

// genericCommands maps a command name, as passed to go-redis Do or redigo
// Do/Send (case-insensitive), to what it does. Positions count the
// arguments after the command name.
var genericCommands = map[string]CommandRow{
	"set":       {Kind: Set, Command: "SET", Key: 0, Value: 1, TTL: -1, Args: -1, Fn: -1, Match: -1}, // options parsed by setOptions
	"setnx":     {Kind: Acquire, Command: "SETNX", Key: 0, Value: 1, TTL: -1, Args: -1, Fn: -1, NX: true, Match: -1},
	"setex":     {Kind: Set, Command: "SETEX", Key: 0, Value: 2, TTL: 1, Args: -1, Fn: -1, Match: -1},
	"psetex":    {Kind: Set, Command: "PSETEX", Key: 0, Value: 2, TTL: 1, Args: -1, Fn: -1, Match: -1},
	"get":       {Kind: Get, Command: "GET", Key: 0, Value: -1, TTL: -1, Args: -1, Fn: -1, Match: -1},
	"getdel":    {Kind: Delete, Command: "GETDEL", Key: 0, Value: -1, TTL: -1, Args: -1, Fn: -1, Match: -1},
	"del":       {Kind: Delete, Command: "DEL", Key: 0, Value: -1, TTL: -1, Variadic: true, Args: -1, Fn: -1, Match: -1},
	"unlink":    {Kind: Delete, Command: "UNLINK", Key: 0, Value: -1, TTL: -1, Variadic: true, Args: -1, Fn: -1, Match: -1},
	"expire":    {Kind: Expire, Command: "EXPIRE", Key: 0, Value: -1, TTL: 1, Args: -1, Fn: -1, Match: -1},
	"pexpire":   {Kind: Expire, Command: "PEXPIRE", Key: 0, Value: -1, TTL: 1, Args: -1, Fn: -1, Match: -1},
	"expireat":  {Kind: Expire, Command: "EXPIREAT", Key: 0, Value: -1, TTL: 1, At: true, Args: -1, Fn: -1, Match: -1},
	"pexpireat": {Kind: Expire, Command: "PEXPIREAT", Key: 0, Value: -1, TTL: 1, At: true, Args: -1, Fn: -1, Match: -1},
	// EVAL script numkeys key... arg...: parsed by genericScript.
	"eval":    {Kind: Script, Command: "EVAL", Key: -1, Value: -1, TTL: -1, Args: -1, Fn: -1, Match: -1},
	"evalsha": {Kind: Script, Command: "EVALSHA", Key: -1, Value: -1, TTL: -1, Args: -1, Fn: -1, Match: -1},
	// DELEX key IFEQ v (Redis 8.4) and Valkey's DELIFEQ key v compare and delete atomically.
	"delex":   {Kind: Delete, Command: "DELEX", Key: 0, Value: -1, TTL: -1, Args: -1, Fn: -1, Match: -1},
	"delifeq": {Kind: CondDelete, Command: "DELIFEQ", Key: 0, Value: -1, TTL: -1, Args: -1, Fn: -1, Match: 1},
	"watch":   {Kind: Watch, Command: "WATCH", Key: 0, Value: -1, TTL: -1, Variadic: true, Args: -1, Fn: -1, Match: -1},
}

// lockLibraryCalls maps "library.Type.Method" (Type empty for functions) to
// what the call does. These libraries compare the token server-side.
var lockLibraryCalls = map[string]Kind{
	"safelock..Release":            LockRelease,
	"safelock..Refresh":            LockRefresh,
	"safelock..Obtain":             LockObtain,
	"safelock.Lock.Release":        LockRelease,
	"safelock.Lock.Refresh":        LockRefresh,
	"redislock.Client.Obtain":      LockObtain,
	"redislock..Obtain":            LockObtain,
	"redislock.Lock.Release":       LockRelease,
	"redislock.Lock.Refresh":       LockRefresh,
	"redsync.Mutex.Lock":           LockObtain,
	"redsync.Mutex.LockContext":    LockObtain,
	"redsync.Mutex.TryLock":        LockObtain,
	"redsync.Mutex.TryLockContext": LockObtain,
	"redsync.Mutex.Unlock":         LockRelease,
	"redsync.Mutex.UnlockContext":  LockRelease,
	"redsync.Mutex.Extend":         LockRefresh,
	"redsync.Mutex.ExtendContext":  LockRefresh,
	// Options that fix the value every acquisition writes.
	"redsync..WithValue":        LockOption,
	"redsync..WithGenValueFunc": LockOption,
	// rueidislock and valkeylock: the lock is the returned context,
	// renewed and released (GET == token then DEL) by the library's own
	// monitor when the CancelFunc runs.
	"rueidislock.Locker.WithContext":      LockObtain,
	"rueidislock.Locker.TryWithContext":   LockObtain,
	"rueidislock.Locker.ForceWithContext": LockObtain,
	"valkeylock.Locker.WithContext":       LockObtain,
	"valkeylock.Locker.TryWithContext":    LockObtain,
	"valkeylock.Locker.ForceWithContext":  LockObtain,
	// go-zero's RedisLock (listed under "gozero": it lives in the client
	// package and rediscall routes it here) compares its id in Lua;
	// Acquire by the holder also renews.
	"gozero.RedisLock.Acquire":    LockObtain,
	"gozero.RedisLock.AcquireCtx": LockObtain,
	"gozero.RedisLock.Release":    LockRelease,
	"gozero.RedisLock.ReleaseCtx": LockRelease,
}

// okResultLibraries return (ok bool, err error) from a release and report
// a lock that is no longer held as (false, nil): an ignored ok loses it.
var okResultLibraries = map[string]bool{
	"gozero": true, // RedisLock.Release: the del script's 0 becomes false, nil
}

// goZeroMethods maps a method of go-zero's *redis.Redis (the ...Ctx form
// has the same row, positions counted after its context) to what it
// sends. TTLs are whole seconds (ints), absolute times Unix seconds.
var goZeroMethods = map[string]CommandRow{
	// The methods that take the command's own arguments, in order, have
	// the string command's row (genericCommands).
	// Setnx sends SETNX: never an expiry; SetnxEx sends SET k v NX EX s.
	"Setnx":    genericCommands["setnx"],
	"SetnxEx":  {Kind: Acquire, Command: "SET NX", Key: 0, Value: 1, TTL: 2, Args: -1, Fn: -1, NX: true, Match: -1},
	"Set":      genericCommands["set"],
	"Setex":    {Kind: Set, Command: "SETEX", Key: 0, Value: 1, TTL: 2, Args: -1, Fn: -1, Match: -1},
	"GetSet":   {Kind: Set, Command: "GETSET", Key: 0, Value: 1, TTL: -1, Args: -1, Fn: -1, Match: -1},
	"Get":      genericCommands["get"],
	"GetDel":   genericCommands["getdel"],
	"Del":      genericCommands["del"],
	"Unlink":   genericCommands["unlink"],
	"Expire":   genericCommands["expire"],
	"Expireat": genericCommands["expireat"],
	// Eval(script, keys, args...) and EvalSha(sha, keys, args...): read by evalCall.
	"Eval":    {Kind: Script, Command: "EVAL", Key: 1, Value: -1, TTL: -1, Args: -1, Fn: -1, Match: -1},
	"EvalSha": {Kind: Script, Command: "EVALSHA", Key: 1, Value: -1, TTL: -1, Args: -1, Fn: -1, Match: -1},
	// ScriptRun(script, keys, args...): a go-redis *Script run through go-zero.
	"ScriptRun": {Kind: Script, Command: "EVALSHA", Key: 1, Value: -1, TTL: -1, Args: -1, Fn: -1, Match: -1},
	// Pipelined(fn): fn queues go-redis v9 commands on a Pipeliner.
	"Pipelined": {Kind: Pipelined, Command: "MULTI", Key: -1, Value: -1, TTL: -1, Args: -1, Fn: 0, Match: -1},
}

// A StepRole says what a rueidis/valkey-go builder step contributes to
// the command: c.B().Set().Key(k).Value(v).Nx().Px(ttl).Build().
type StepRole int

const (
	StepUnknown   StepRole = iota // not understood: the command is left unjudged
	StepIgnore                    // changes nothing a lock rule looks at
	StepKey                       // key(s), variadic for DEL, UNLINK, EVAL
	StepValue                     // the value written (DELIFEQ: the value compared)
	StepNX                        // SET ... NX: an acquire
	StepTTL                       // an expiry, relative
	StepTTLAt                     // an expiry, absolute
	StepKeepTTL                   // KEEPTTL: keeps what a new key does not have
	StepIfeq                      // SET/DELEX ... IFEQ v: owner-checked
	StepOtherCond                 // IFNE, IFDEQ, IFDNE: not shapes we judge
	StepScript                    // EVAL's source
	StepSha                       // EVALSHA's hash: the source is unknown
	StepArg                       // ARGV
	StepEnd                       // Build, Cache: the finished command
)

// builderSteps maps the builder step methods lock code uses to their role.
// A step not listed makes the command unknown (stay silent).
var builderSteps = map[string]StepRole{
	"Key":   StepKey,
	"Value": StepValue,
	"Nx":    StepNX, // on EXPIRE it is EXPIRE NX, a TTL condition: see rediscall
	"Xx":    StepIgnore,
	"Gt":    StepIgnore, // EXPIRE GT/LT look at the TTL, not the owner
	"Lt":    StepIgnore,
	"Get":   StepIgnore, // SET ... GET still writes the same way
	// Typed (time.Duration, time.Time) and raw (int64) expiry steps.
	"Px":                        StepTTL,
	"Ex":                        StepTTL,
	"PxMilliseconds":            StepTTL,
	"ExSeconds":                 StepTTL,
	"Seconds":                   StepTTL, // EXPIRE, SETEX
	"Milliseconds":              StepTTL, // PEXPIRE, PSETEX
	"Pxat":                      StepTTLAt,
	"Exat":                      StepTTLAt,
	"PxatMillisecondsTimestamp": StepTTLAt,
	"ExatTimestamp":             StepTTLAt,
	"Timestamp":                 StepTTLAt, // EXPIREAT
	"MillisecondsTimestamp":     StepTTLAt, // PEXPIREAT
	"Keepttl":                   StepKeepTTL,
	"Ifeq":                      StepIfeq,
	"Ifne":                      StepOtherCond,
	"Ifdeq":                     StepOtherCond,
	"Ifdne":                     StepOtherCond,
	"Script":                    StepScript,
	"Sha1":                      StepSha,
	"Numkeys":                   StepIgnore, // the Key steps are the keys
	"Arg":                       StepArg,
	"Build":                     StepEnd,
	"Cache":                     StepEnd, // DoCache: a cached GET
}

// builderCommandAliases maps builder command methods whose lower-case name
// is not the genericCommands spelling.
var builderCommandAliases = map[string]string{
	"evalro":    "eval",    // EVAL_RO: read-only, still a script on KEYS
	"evalsharo": "evalsha", // EVALSHA_RO
}

// luaConstructors are the rueidis/valkey-go functions that make a *Lua
// script object from its source (the first argument).
var luaConstructors = map[string]bool{
	"NewLuaScript":               true,
	"NewLuaScriptReadOnly":       true,
	"NewLuaScriptNoSha":          true,
	"NewLuaScriptReadOnlyNoSha":  true,
	"NewLuaScriptRetryable":      true,
	"NewLuaScriptNoShaRetryable": true,
}

// multiSenders are the rueidis/valkey-go client methods that send several
// commands, from their second argument on, as one pipeline.
var multiSenders = map[string]bool{"DoMulti": true, "DoMultiCache": true, "DoMultiStream": true}

// GoRedisMethod returns the row of a method of a go-redis client, command
// interface, pipeline or transaction.
func GoRedisMethod(name string) (CommandRow, bool) { return lookup(goRedisMethods, name) }

// GenericCommand returns the row of a string command as passed to go-redis
// Do or redigo Do/Send, named in lower case.
func GenericCommand(lower string) (CommandRow, bool) { return lookup(genericCommands, lower) }

// BuilderCommand returns the string command a rueidis/valkey-go builder
// command step names (Set: "set", Evalro: "eval"), in lower case, and its
// row; ok is false for a command genericCommands does not list.
func BuilderCommand(step string) (name string, row CommandRow, ok bool) {
	name = strings.ToLower(step)
	if alias, ok := builderCommandAliases[name]; ok {
		name = alias
	}
	row, ok = lookup(genericCommands, name)
	return name, row, ok
}

// GoZeroMethod returns the row of a method of go-zero's *redis.Redis,
// named without its Ctx suffix.
func GoZeroMethod(name string) (CommandRow, bool) { return lookup(goZeroMethods, name) }

// ScriptObjectCommand returns the command a method of go-redis's *Script
// sends.
func ScriptObjectCommand(method string) (string, bool) { return lookup(scriptObjectMethods, method) }

// LockLibraryCall returns what a call of a lock library (named as in
// lockLibraryPackages) does: the function, or the method of type recv,
// named method.
func LockLibraryCall(lib, recv, method string) (Kind, bool) {
	return lookup(lockLibraryCalls, lib+"."+recv+"."+method)
}

// IsOKResultLibrary reports whether the releases of lock library lib
// report a lock no longer held as (false, nil) (see okResultLibraries).
func IsOKResultLibrary(lib string) bool { return okResultLibraries[lib] }

// BuilderStepOf returns the row of a rueidis/valkey-go builder step; a
// step not listed has the role StepUnknown.
func BuilderStepOf(name string) StepRole { return builderSteps[name] }

// IsLuaConstructor reports whether the rueidis/valkey-go function name
// makes a *Lua script object from its first argument.
func IsLuaConstructor(name string) bool { return luaConstructors[name] }

// IsMultiSender reports whether the rueidis/valkey-go client method name
// sends several commands as one pipeline (DoMulti).
func IsMultiSender(name string) bool { return multiSenders[name] }

// lookup is the comma-ok index of a table, for the lookups that return it.
func lookup[V any](table map[string]V, key string) (V, bool) {
	v, ok := table[key]
	return v, ok
}
