// Package redisapi recognises calls of Redis client libraries and says which
// Redis command each one issues, on which key, with which value, TTL and mode.
//
// All API knowledge lives in data tables (this file and commands.go); the code
// in recognize.go only interprets them. Calls are resolved through types, never
// by spelling, so user structs and interfaces that embed a client, promoted
// methods and interface calls are all recognised.
package redisapi

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A family groups client packages that share one calling convention.
type family int

const (
	goRedis  family = iota + 1 // go-redis: methods named after commands
	redigo                     // redigo: string commands through Do/Send
	lockLibs                   // lock libraries whose calls are owner-checked
	builder                    // rueidis, valkey-go: commands are builder chains sent by Do/DoMulti
	goZero                     // go-zero core/stores/redis: methods, TTLs in seconds, (value, error) results
)

// clientPackage describes one recognised import path.
type clientPackage struct {
	family family
	ctx    bool // methods take a context.Context first
	v9     bool // safelock fixes are offered only for this API
}

// clientPackages lists the recognised import paths.
var clientPackages = map[string]clientPackage{
	"github.com/redis/go-redis/v9":     {family: goRedis, ctx: true, v9: true},
	"github.com/go-redis/redis/v9":     {family: goRedis, ctx: true, v9: true}, // v9 betas' path
	"github.com/go-redis/redis/v8":     {family: goRedis, ctx: true},
	"github.com/go-redis/redis/v7":     {family: goRedis},
	"github.com/go-redis/redis":        {family: goRedis}, // v6, no ctx
	"gopkg.in/redis.v5":                {family: goRedis}, // same API as v6
	"gopkg.in/redis.v4":                {family: goRedis},
	"gopkg.in/redis.v3":                {family: goRedis},
	"github.com/gomodule/redigo/redis": {family: redigo},
	"github.com/garyburd/redigo/redis": {family: redigo}, // redigo's old path, still common
	// rueidis and its Valkey fork share one API: c.B().Set()...Build() sent by c.Do.
	"github.com/redis/rueidis":       {family: builder, ctx: true},
	"github.com/valkey-io/valkey-go": {family: builder, ctx: true},
	// Their go-redis-shaped adapters have go-redis v9's method set but are
	// not go-redis clients: safelock cannot take them, so no v9 fixes.
	"github.com/redis/rueidis/rueidiscompat":      {family: goRedis, ctx: true},
	"github.com/valkey-io/valkey-go/valkeycompat": {family: goRedis, ctx: true},
	// go-zero's *redis.Redis: Setnx, SetnxEx, Expire, ... each with a ...Ctx form.
	"github.com/zeromicro/go-zero/core/stores/redis": {family: goZero},
}

// builderStepPackages hold the generated builder steps of rueidis and
// valkey-go (Set, Key, Value, Nx, Px, Build): a call there issues nothing
// by itself, but a chain of them is the command that Do sends.
var builderStepPackages = map[string]bool{
	"github.com/redis/rueidis/internal/cmds":       true,
	"github.com/valkey-io/valkey-go/internal/cmds": true,
}

// lockLibraryPackages are the correct lock libraries: their releases and
// renewals are owner-checked by construction.
var lockLibraryPackages = map[string]string{
	"github.com/leasevet/leasevet/safelock": "safelock",
	"github.com/bsm/redislock":              "redislock",
	"github.com/go-redsync/redsync/v4":      "redsync",
	"github.com/go-redsync/redsync/v3":      "redsync",
	"github.com/go-redsync/redsync":         "redsync",
	// rueidislock and valkeylock hold the lock as a context and renew and
	// release it with compare scripts of their own.
	"github.com/redis/rueidis/rueidislock":      "rueidislock",
	"github.com/valkey-io/valkey-go/valkeylock": "valkeylock",
	// The cache-aside packages lock a cache key while one client fills it:
	// a placeholder SET NX with a per-client id, kept alive and released
	// or replaced by compare scripts (GET == id). Their API (Client.Get)
	// takes no lock key of the caller's, so no call is listed.
	"github.com/redis/rueidis/rueidisaside":      "rueidisaside",
	"github.com/valkey-io/valkey-go/valkeyaside": "valkeyaside",
}

// IsClientPackage reports whether path is a recognised Redis client package.
func IsClientPackage(path string) bool {
	_, ok := clientPackages[path]
	return ok
}

// IsLockLibrary reports whether path is a recognised lock library.
func IsLockLibrary(path string) bool {
	_, ok := lockLibraryPackages[path]
	return ok
}

// redigoConverters are redigo's reply helpers, redis.Int(c.Do(...)): the
// value they return is the reply's, and a nil reply becomes ErrNil.
var redigoConverters = map[string]bool{
	"Int": true, "Int64": true, "Uint64": true, "Float64": true, "Bool": true, "String": true, "Bytes": true, "Values": true,
}

// IsReplyConverter reports whether call is one of redigo's reply helpers
// (redis.String(conn.Do(...))), through which a reply's answer is read.
func IsReplyConverter(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return false
	}
	cp, ok := clientPackages[fn.Pkg().Path()]
	return ok && cp.family == redigo && redigoConverters[fn.Name()]
}
