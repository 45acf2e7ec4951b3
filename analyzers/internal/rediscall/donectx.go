package rediscall

import "slices"

// What each client does with a context that is already done when a
// command is sent: whether the command then fails without being sent
// (the release that cannot reach Redis), as read in the clients' sources.

// doneCtxClients are the client packages whose commands fail, unsent,
// when their context is done, by the name messages give the client:
// go-redis's pool returns ctx.Err() before it takes a connection
// (v7 to v9: ConnPool.waitTurn), rueidis and valkey-go's pipe.Do return
// it first thing, and their go-redis-shaped adapters send through them.
// go-zero's Ctx forms hand the context to go-redis v9. redigo is not
// listed: DoContext with a cancelled context (and no deadline) still
// runs the command in a goroutine while it closes the connection, so
// the command may or may not reach Redis.
var doneCtxClients = map[string]string{
	"github.com/redis/go-redis/v9":                   "go-redis",
	"github.com/go-redis/redis/v9":                   "go-redis",
	"github.com/go-redis/redis/v8":                   "go-redis",
	"github.com/redis/rueidis":                       "rueidis",
	"github.com/redis/rueidis/rueidiscompat":         "rueidis",
	"github.com/valkey-io/valkey-go":                 "valkey-go",
	"github.com/valkey-io/valkey-go/valkeycompat":    "valkey-go",
	"github.com/zeromicro/go-zero/core/stores/redis": "go-redis",
}

// lockLibraryCtx are the lock-library calls that send their command with
// their first argument as its context, and the client that then fails
// it. safelock's Release (the function and the method) is not one: it
// detaches from the caller's cancellation under a bound of its own,
// which its Refresh does not. redsync hands the context to its pool,
// whose client decides (redsyncPools); its Unlock and Extend send with
// context.Background(). rueidislock releases through the CancelFunc it
// returns, with a context of its own.
var lockLibraryCtx = map[string]string{
	"safelock..Refresh":           "go-redis",
	"safelock.Lock.Refresh":       "go-redis",
	"redislock.Lock.Release":      "go-redis", // luaRelease.Run(ctx, ...)
	"redislock.Lock.Refresh":      "go-redis",
	"gozero.RedisLock.ReleaseCtx": "go-redis", // ScriptRunCtx(ctx, ...)
	"redsync.Mutex.UnlockContext": redsyncPool,
	"redsync.Mutex.ExtendContext": redsyncPool,
}

const redsyncPool = "(pool)"

// redsyncPools are redsync's pool adapters, with the client that fails a
// command whose context is done: the go-redis v7 to v9, rueidis and
// valkey-go pools pass the context to their client. The go-redis v6 pool
// (its client ignores the context) and the redigo pool (which waits on it
// only when built with Wait) do not: "".
var redsyncPools = map[string]string{
	"github.com/go-redsync/redsync/v4/redis/goredis/v9": "go-redis",
	"github.com/go-redsync/redsync/v4/redis/goredis/v8": "go-redis",
	"github.com/go-redsync/redsync/v4/redis/goredis/v7": "go-redis",
	"github.com/go-redsync/redsync/v4/redis/rueidis":    "rueidis",
	"github.com/go-redsync/redsync/v4/redis/valkeygo":   "valkey-go",
	"github.com/go-redsync/redsync/v4/redis/goredis":    "",
	"github.com/go-redsync/redsync/v4/redis/redigo":     "",
}

// setDoneCtx records in c the context a lock library call sends with,
// and for every call with one, the client that fails it when that
// context is already done (Call.FailsOnDoneCtx).
func (env *Env) setDoneCtx(c *Call) {
	if c.Func == nil || c.Func.Pkg() == nil {
		return
	}
	if c.Library == "" {
		if c.Ctx != nil {
			c.FailsOnDoneCtx = doneCtxClients[c.Func.Pkg().Path()]
		}
		return
	}
	fails, ok := lockLibraryCtx[c.Library+"."+recvTypeName(c.Func)+"."+c.Func.Name()]
	if !ok || len(c.Expr.Args) == 0 {
		return
	}
	c.Ctx = c.Expr.Args[0]
	if fails == redsyncPool {
		fails = env.redsyncPoolClient()
	}
	c.FailsOnDoneCtx = fails
}

// redsyncPoolClient returns the client of the redsync pools the package
// imports, when they all fail a command whose context is done and agree
// on it; "" when one may not (a redigo pool) or none is imported (the
// pool is made in a package this one cannot see). Only the package's own
// imports are read: a driver that loads dependencies from export data
// (go vet) does not list the imports of imports.
func (env *Env) redsyncPoolClient() string {
	var found []string
	for _, p := range env.Pkg.Imports() {
		if client, ok := redsyncPools[p.Path()]; ok && !slices.Contains(found, client) {
			found = append(found, client)
		}
	}
	if len(found) != 1 {
		return ""
	}
	return found[0]
}
