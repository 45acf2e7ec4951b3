package redisapi

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

// A goRedisMethod row describes a go-redis method. Positions count the
// arguments after the context (go-redis v8/v9) or from the first argument
// (v7, v6 and gopkg.in/redis.v3 to .v5, which take no context). -1: absent.
type goRedisMethod struct {
	kind     Kind
	command  string // the Redis command as the server sees it
	key      int
	value    int
	ttl      int  // time.Duration expiry
	at       bool // ttl is an absolute time.Time (ExpireAt, PExpireAt)
	variadic bool // keys are the variadic tail from position key on
	args     int  // position of an options struct (SetArgs, DelExArgs)
	fn       int  // position of a callback (Watch, Pipelined)
	nx       bool
	match    int // position of the IFEQ match value
}

// goRedisMethods maps a method name of any go-redis client, command
// interface, pipeline or transaction to what it sends.
var goRedisMethods = map[string]goRedisMethod{
	// SetNX sends SET k v NX (with PX/EX when expiration > 0) or SETNX.
	"SetNX": {kind: Acquire, command: "SET NX", key: 0, value: 1, ttl: 2, args: -1, fn: -1, nx: true, match: -1},
	// SetArgs is an acquire only when its Mode is NX; see setArgsMode.
	"SetArgs": {kind: Set, command: "SET", key: 0, value: 1, ttl: -1, args: 2, fn: -1, match: -1},
	"Set":     {kind: Set, command: "SET", key: 0, value: 1, ttl: 2, args: -1, fn: -1, match: -1},
	"SetEx":   {kind: Set, command: "SETEX", key: 0, value: 1, ttl: 2, args: -1, fn: -1, match: -1}, // v9 spelling
	"SetEX":   {kind: Set, command: "SETEX", key: 0, value: 1, ttl: 2, args: -1, fn: -1, match: -1}, // v8 spelling
	"SetXX":   {kind: Set, command: "SET XX", key: 0, value: 1, ttl: 2, args: -1, fn: -1, match: -1},
	"Get":     {kind: Get, command: "GET", key: 0, value: -1, ttl: -1, args: -1, fn: -1, match: -1},
	"GetDel":  {kind: Delete, command: "GETDEL", key: 0, value: -1, ttl: -1, args: -1, fn: -1, match: -1},
	"Del":     {kind: Delete, command: "DEL", key: 0, value: -1, ttl: -1, variadic: true, args: -1, fn: -1, match: -1},
	"Unlink":  {kind: Delete, command: "UNLINK", key: 0, value: -1, ttl: -1, variadic: true, args: -1, fn: -1, match: -1},
	"Expire":  {kind: Expire, command: "EXPIRE", key: 0, value: -1, ttl: 1, args: -1, fn: -1, match: -1},
	"PExpire": {kind: Expire, command: "PEXPIRE", key: 0, value: -1, ttl: 1, args: -1, fn: -1, match: -1},
	// The conditional EXPIRE variants still renew unconditionally with
	// respect to the owner: NX/XX/GT/LT look at the TTL, not the value.
	"ExpireNX":  {kind: Expire, command: "EXPIRE NX", key: 0, value: -1, ttl: 1, args: -1, fn: -1, match: -1},
	"ExpireXX":  {kind: Expire, command: "EXPIRE XX", key: 0, value: -1, ttl: 1, args: -1, fn: -1, match: -1},
	"ExpireGT":  {kind: Expire, command: "EXPIRE GT", key: 0, value: -1, ttl: 1, args: -1, fn: -1, match: -1},
	"ExpireLT":  {kind: Expire, command: "EXPIRE LT", key: 0, value: -1, ttl: 1, args: -1, fn: -1, match: -1},
	"ExpireAt":  {kind: Expire, command: "EXPIREAT", key: 0, value: -1, ttl: 1, at: true, args: -1, fn: -1, match: -1},
	"PExpireAt": {kind: Expire, command: "PEXPIREAT", key: 0, value: -1, ttl: 1, at: true, args: -1, fn: -1, match: -1},
	// Scripts: position 0 is the source or SHA, 1 the keys, 2.. the args.
	"Eval":      {kind: Script, command: "EVAL", key: 1, value: -1, ttl: -1, args: -1, fn: -1, match: -1},
	"EvalRO":    {kind: Script, command: "EVAL_RO", key: 1, value: -1, ttl: -1, args: -1, fn: -1, match: -1},
	"EvalSha":   {kind: Script, command: "EVALSHA", key: 1, value: -1, ttl: -1, args: -1, fn: -1, match: -1},
	"EvalShaRO": {kind: Script, command: "EVALSHA_RO", key: 1, value: -1, ttl: -1, args: -1, fn: -1, match: -1},
	// DelExArgs is owner-checked only with Mode IFEQ; see delExMode.
	"DelExArgs":  {kind: Delete, command: "DELEX", key: 0, value: -1, ttl: -1, args: 1, fn: -1, match: -1},
	"SetIFEQ":    {kind: CondSet, command: "SET IFEQ", key: 0, value: 1, ttl: 3, args: -1, fn: -1, match: 2},
	"SetIFEQGet": {kind: CondSet, command: "SET IFEQ GET", key: 0, value: 1, ttl: 3, args: -1, fn: -1, match: 2},
	// Watch(ctx, fn, keys...): keys from position 1.
	"Watch":       {kind: Watch, command: "WATCH", key: 1, value: -1, ttl: -1, variadic: true, args: -1, fn: 0, match: -1},
	"Pipelined":   {kind: Pipelined, command: "MULTI", key: -1, value: -1, ttl: -1, args: -1, fn: 0, match: -1},
	"TxPipelined": {kind: Pipelined, command: "MULTI", key: -1, value: -1, ttl: -1, args: -1, fn: 0, match: -1},
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
var genericCommands = map[string]goRedisMethod{
	"set":       {kind: Set, command: "SET", key: 0, value: 1, ttl: -1, args: -1, fn: -1, match: -1}, // options parsed by setOptions
	"setnx":     {kind: Acquire, command: "SETNX", key: 0, value: 1, ttl: -1, args: -1, fn: -1, nx: true, match: -1},
	"setex":     {kind: Set, command: "SETEX", key: 0, value: 2, ttl: 1, args: -1, fn: -1, match: -1},
	"psetex":    {kind: Set, command: "PSETEX", key: 0, value: 2, ttl: 1, args: -1, fn: -1, match: -1},
	"get":       {kind: Get, command: "GET", key: 0, value: -1, ttl: -1, args: -1, fn: -1, match: -1},
	"getdel":    {kind: Delete, command: "GETDEL", key: 0, value: -1, ttl: -1, args: -1, fn: -1, match: -1},
	"del":       {kind: Delete, command: "DEL", key: 0, value: -1, ttl: -1, variadic: true, args: -1, fn: -1, match: -1},
	"unlink":    {kind: Delete, command: "UNLINK", key: 0, value: -1, ttl: -1, variadic: true, args: -1, fn: -1, match: -1},
	"expire":    {kind: Expire, command: "EXPIRE", key: 0, value: -1, ttl: 1, args: -1, fn: -1, match: -1},
	"pexpire":   {kind: Expire, command: "PEXPIRE", key: 0, value: -1, ttl: 1, args: -1, fn: -1, match: -1},
	"expireat":  {kind: Expire, command: "EXPIREAT", key: 0, value: -1, ttl: 1, at: true, args: -1, fn: -1, match: -1},
	"pexpireat": {kind: Expire, command: "PEXPIREAT", key: 0, value: -1, ttl: 1, at: true, args: -1, fn: -1, match: -1},
	// EVAL script numkeys key... arg...: parsed by genericScript.
	"eval":    {kind: Script, command: "EVAL", key: -1, value: -1, ttl: -1, args: -1, fn: -1, match: -1},
	"evalsha": {kind: Script, command: "EVALSHA", key: -1, value: -1, ttl: -1, args: -1, fn: -1, match: -1},
	// DELEX key IFEQ v (Redis 8.4) and Valkey's DELIFEQ key v compare and delete atomically.
	"delex":   {kind: Delete, command: "DELEX", key: 0, value: -1, ttl: -1, args: -1, fn: -1, match: -1},
	"delifeq": {kind: CondDelete, command: "DELIFEQ", key: 0, value: -1, ttl: -1, args: -1, fn: -1, match: 1},
	"watch":   {kind: Watch, command: "WATCH", key: 0, value: -1, ttl: -1, variadic: true, args: -1, fn: -1, match: -1},
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
}

// lockLibraryCallsMore are the lock calls of rueidislock, valkeylock and
// go-zero's RedisLock (listed under "gozero"; it lives in the client
// package and is routed here by goZeroCall). Kept apart from
// lockLibraryCalls only to ease merging; Recognize reads both.
var lockLibraryCallsMore = map[string]Kind{
	// The lock is the returned context: renewed and released (GET == token
	// then DEL) by the library's own monitor when the CancelFunc runs.
	"rueidislock.Locker.WithContext":      LockObtain,
	"rueidislock.Locker.TryWithContext":   LockObtain,
	"rueidislock.Locker.ForceWithContext": LockObtain,
	"valkeylock.Locker.WithContext":       LockObtain,
	"valkeylock.Locker.TryWithContext":    LockObtain,
	"valkeylock.Locker.ForceWithContext":  LockObtain,
	// RedisLock compares its id in Lua; Acquire by the holder also renews.
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

// A TTLUnit says what a TTL argument counts, for fixes that move it.
type TTLUnit int

const (
	TTLDuration     TTLUnit = iota // time.Duration (go-redis), or unknown
	TTLSeconds                     // an integer number of seconds (EX, EXPIRE, go-zero)
	TTLMilliseconds                // an integer number of milliseconds (PX, PEXPIRE)
)

// goZeroMethods maps a method of go-zero's *redis.Redis (the ...Ctx form
// has the same row, positions counted after its context) to what it
// sends. TTLs are whole seconds (ints), absolute times Unix seconds.
var goZeroMethods = map[string]goRedisMethod{
	// Setnx sends SETNX: never an expiry; SetnxEx sends SET k v NX EX s.
	"Setnx":    {kind: Acquire, command: "SETNX", key: 0, value: 1, ttl: -1, args: -1, fn: -1, nx: true, match: -1},
	"SetnxEx":  {kind: Acquire, command: "SET NX", key: 0, value: 1, ttl: 2, args: -1, fn: -1, nx: true, match: -1},
	"Set":      {kind: Set, command: "SET", key: 0, value: 1, ttl: -1, args: -1, fn: -1, match: -1},
	"Setex":    {kind: Set, command: "SETEX", key: 0, value: 1, ttl: 2, args: -1, fn: -1, match: -1},
	"GetSet":   {kind: Set, command: "GETSET", key: 0, value: 1, ttl: -1, args: -1, fn: -1, match: -1},
	"Get":      {kind: Get, command: "GET", key: 0, value: -1, ttl: -1, args: -1, fn: -1, match: -1},
	"GetDel":   {kind: Delete, command: "GETDEL", key: 0, value: -1, ttl: -1, args: -1, fn: -1, match: -1},
	"Del":      {kind: Delete, command: "DEL", key: 0, value: -1, ttl: -1, variadic: true, args: -1, fn: -1, match: -1},
	"Unlink":   {kind: Delete, command: "UNLINK", key: 0, value: -1, ttl: -1, variadic: true, args: -1, fn: -1, match: -1},
	"Expire":   {kind: Expire, command: "EXPIRE", key: 0, value: -1, ttl: 1, args: -1, fn: -1, match: -1},
	"Expireat": {kind: Expire, command: "EXPIREAT", key: 0, value: -1, ttl: 1, at: true, args: -1, fn: -1, match: -1},
	// Eval(script, keys, args...) and EvalSha(sha, keys, args...): read by evalCall.
	"Eval":    {kind: Script, command: "EVAL", key: 1, value: -1, ttl: -1, args: -1, fn: -1, match: -1},
	"EvalSha": {kind: Script, command: "EVALSHA", key: 1, value: -1, ttl: -1, args: -1, fn: -1, match: -1},
	// ScriptRun(script, keys, args...): a go-redis *Script run through go-zero.
	"ScriptRun": {kind: Script, command: "EVALSHA", key: 1, value: -1, ttl: -1, args: -1, fn: -1, match: -1},
	// Pipelined(fn): fn queues go-redis v9 commands on a Pipeliner.
	"Pipelined": {kind: Pipelined, command: "MULTI", key: -1, value: -1, ttl: -1, args: -1, fn: 0, match: -1},
}

// A stepRole says what a rueidis/valkey-go builder step contributes to
// the command: c.B().Set().Key(k).Value(v).Nx().Px(ttl).Build().
type stepRole int

const (
	stepUnknown   stepRole = iota // not understood: the command is left unjudged
	stepIgnore                    // changes nothing a lock rule looks at
	stepKey                       // key(s), variadic for DEL, UNLINK, EVAL
	stepValue                     // the value written (DELIFEQ: the value compared)
	stepNX                        // SET ... NX: an acquire
	stepTTL                       // an expiry, relative
	stepTTLAt                     // an expiry, absolute
	stepKeepTTL                   // KEEPTTL: keeps what a new key does not have
	stepIfeq                      // SET/DELEX ... IFEQ v: owner-checked
	stepOtherCond                 // IFNE, IFDEQ, IFDNE: not shapes we judge
	stepScript                    // EVAL's source
	stepSha                       // EVALSHA's hash: the source is unknown
	stepArg                       // ARGV
	stepEnd                       // Build, Cache: the finished command
)

// A builderStep row: the role of a step and, for expiries, the unit of its argument.
type builderStep struct {
	role stepRole
	unit TTLUnit
}

// builderSteps maps the builder step methods lock code uses to their role.
// A step not listed makes the command unknown (stay silent).
var builderSteps = map[string]builderStep{
	"Key":   {role: stepKey},
	"Value": {role: stepValue},
	"Nx":    {role: stepNX}, // on EXPIRE it is EXPIRE NX, a TTL condition: see applyStep
	"Xx":    {role: stepIgnore},
	"Gt":    {role: stepIgnore}, // EXPIRE GT/LT look at the TTL, not the owner
	"Lt":    {role: stepIgnore},
	"Get":   {role: stepIgnore}, // SET ... GET still writes the same way
	// Typed (time.Duration, time.Time) and raw (int64) expiry steps.
	"Px":                        {role: stepTTL},
	"Ex":                        {role: stepTTL},
	"PxMilliseconds":            {role: stepTTL, unit: TTLMilliseconds},
	"ExSeconds":                 {role: stepTTL, unit: TTLSeconds},
	"Seconds":                   {role: stepTTL, unit: TTLSeconds},      // EXPIRE, SETEX
	"Milliseconds":              {role: stepTTL, unit: TTLMilliseconds}, // PEXPIRE, PSETEX
	"Pxat":                      {role: stepTTLAt},
	"Exat":                      {role: stepTTLAt},
	"PxatMillisecondsTimestamp": {role: stepTTLAt, unit: TTLMilliseconds},
	"ExatTimestamp":             {role: stepTTLAt, unit: TTLSeconds},
	"Timestamp":                 {role: stepTTLAt, unit: TTLSeconds},      // EXPIREAT
	"MillisecondsTimestamp":     {role: stepTTLAt, unit: TTLMilliseconds}, // PEXPIREAT
	"Keepttl":                   {role: stepKeepTTL},
	"Ifeq":                      {role: stepIfeq},
	"Ifne":                      {role: stepOtherCond},
	"Ifdeq":                     {role: stepOtherCond},
	"Ifdne":                     {role: stepOtherCond},
	"Script":                    {role: stepScript},
	"Sha1":                      {role: stepSha},
	"Numkeys":                   {role: stepIgnore}, // the Key steps are the keys
	"Arg":                       {role: stepArg},
	"Build":                     {role: stepEnd},
	"Cache":                     {role: stepEnd}, // DoCache: a cached GET
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

// errorOnlyReaders are the methods of a command's reply that return only
// its error: go-redis Cmd.Err, rueidis RedisResult.Error and NonRedisError.
// A "not the owner" or "not acquired" value is never seen through them.
var errorOnlyReaders = map[string]bool{
	"Err":           true,
	"Error":         true,
	"NonRedisError": true,
}

// IsErrorOnlyReader reports whether the reply method name reads only the
// command's error (see errorOnlyReaders).
func IsErrorOnlyReader(name string) bool { return errorOnlyReaders[name] }
