package rediscall

import "go/types"

// An Answer is how an acquire tells its caller that another client holds
// the key.
type Answer uint8

const (
	NoAnswer    Answer = iota // not an acquire
	ValueAnswer               // a value (false, 0, a nil reply) with a nil error: SetNX, SETNX, redigo's SET NX
	ErrorAnswer               // an error: redis.Nil (SetArgs NX, Do SET NX), redigo's ErrNil, a lock library's error
)

// NotAcquired says how c, a recognised acquire, reports that the key was
// already held.
func NotAcquired(c *Call) Answer {
	switch {
	case c.Kind == LockObtain && c.Client == GoZero:
		return ValueAnswer // RedisLock.Acquire: (false, nil) when another client holds it
	case c.Kind == LockObtain:
		return ErrorAnswer
	case c.Kind != Acquire:
		return NoAnswer
	case c.Client == GoZero && c.Script == nil:
		return ValueAnswer // Setnx and SetnxEx return (bool, error): false with a nil error
	case c.Client == GoFrame:
		return ValueAnswer // gredis turns redis.Nil into a nil error: SetNX's false, Set's and Do's nil *gvar.Var
	case c.Client == Redigo, c.Command == "SETNX":
		return ValueAnswer // SETNX replies 0; redigo's SET NX replies nil with no error
	case c.Func != nil && c.Func.Name() == "SetNX":
		return ValueAnswer // *BoolCmd: false with a nil error
	}
	return ErrorAnswer // SetArgs NX, Do("set", ..., "NX"): redis.Nil
}

// NotAcquiredRead is NotAcquired for c's reply as the code reads it:
// through a redigo reply converter (redis.String(conn.Do("SET", ...,
// "NX"))) the nil reply of a SET NX that did not set is ErrNil, an error.
func NotAcquiredRead(c *Call, converted bool) Answer {
	ans := NotAcquired(c)
	if converted && ans == ValueAnswer && c.Command == "SET NX" {
		return ErrorAnswer
	}
	return ans
}

// nilErrCmds are the go-redis commands whose error is redis.Nil when a SET
// NX did not set the key: *StatusCmd of SetArgs, *Cmd of Do.
var nilErrCmds = map[string]bool{"StatusCmd": true, "Cmd": true}

// IsNilErrCmd reports whether t is a client command type whose error is
// the "key not set" sentinel when a SET NX did not set the key.
func IsNilErrCmd(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || !IsClientPackage(n.Obj().Pkg().Path()) {
		return false
	}
	return nilErrCmds[n.Obj().Name()]
}

// nilSentinels are the clients' "no reply" errors: go-redis's Nil,
// redigo's ErrNil.
var nilSentinels = map[string]bool{"Nil": true, "ErrNil": true}

// IsNilSentinel reports whether obj is a client's "no reply" error.
func IsNilSentinel(obj types.Object) bool {
	return obj != nil && obj.Pkg() != nil && nilSentinels[obj.Name()] && IsClientPackage(obj.Pkg().Path())
}

// NilName names the "no reply" error of client c, for messages.
func NilName(c Client) string {
	if c == Redigo {
		return "redis.ErrNil"
	}
	return "redis.Nil"
}

// IsWatchTx reports whether t is go-redis's transaction, *Tx (or the Tx
// of its rueidis and valkey-go adapters): the client hands one only to
// the callback of Watch, so a command queued through it runs under that
// WATCH.
func IsWatchTx(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Name() != "Tx" {
		return false
	}
	cp, ok := ClientPackageOf(n.Obj().Pkg().Path())
	return ok && cp.Client.goRedis()
}
