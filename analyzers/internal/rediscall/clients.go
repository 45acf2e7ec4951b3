package rediscall

// A ClientPackage describes one recognised import path.
type ClientPackage struct {
	Client Client
	Ctx    bool // methods take a context.Context first
}

// clientPackages lists the recognised import paths.
var clientPackages = map[string]ClientPackage{
	"github.com/redis/go-redis/v9": {Client: GoRedisV9, Ctx: true},
	// The v9 betas' path has v9's API, but safelock takes only the final
	// module's types: its fixes are the inline scripts of older clients.
	"github.com/go-redis/redis/v9":     {Client: GoRedis, Ctx: true},
	"github.com/go-redis/redis/v8":     {Client: GoRedis, Ctx: true},
	"github.com/go-redis/redis/v7":     {Client: GoRedis},
	"github.com/go-redis/redis":        {Client: GoRedis}, // v6, no ctx
	"gopkg.in/redis.v5":                {Client: GoRedis}, // same API as v6
	"gopkg.in/redis.v4":                {Client: GoRedis},
	"gopkg.in/redis.v3":                {Client: GoRedis},
	"github.com/gomodule/redigo/redis": {Client: Redigo},
	"github.com/garyburd/redigo/redis": {Client: Redigo}, // redigo's old path, still common
	// rueidis and its Valkey fork share one API: c.B().Set()...Build() sent by c.Do.
	"github.com/redis/rueidis":       {Client: Rueidis, Ctx: true},
	"github.com/valkey-io/valkey-go": {Client: Rueidis, Ctx: true},
	"github.com/rueian/rueidis":      {Client: Rueidis, Ctx: true}, // rueidis's path before the move to redis/, still common
	// Their go-redis-shaped adapters have go-redis v9's method set but are
	// not go-redis clients: safelock cannot take them, so no v9 fixes.
	"github.com/redis/rueidis/rueidiscompat":      {Client: GoRedis, Ctx: true},
	"github.com/valkey-io/valkey-go/valkeycompat": {Client: GoRedis, Ctx: true},
	"github.com/rueian/rueidis/rueidiscompat":     {Client: GoRedis, Ctx: true},
	// go-zero's *redis.Redis: Setnx, SetnxEx, Expire, ... each with a ...Ctx form.
	"github.com/zeromicro/go-zero/core/stores/redis": {Client: GoZero},
	// GoFrame's gredis: *gredis.Redis (g.Redis()) and the interfaces its
	// methods come from (IGroupString, IGroupGeneric, IGroupScript,
	// Adapter, Conn); the contrib adapter registers the go-redis-backed
	// implementation of the same interfaces, and is the client's own code.
	"github.com/gogf/gf/v2/database/gredis":     {Client: GoFrame, Ctx: true},
	"github.com/gogf/gf/contrib/nosql/redis/v2": {Client: GoFrame, Ctx: true},
}

// builderStepPackages hold the generated builder steps of rueidis and
// valkey-go (Set, Key, Value, Nx, Px, Build): a call there issues nothing
// by itself, but a chain of them is the command that Do sends.
var builderStepPackages = map[string]bool{
	"github.com/redis/rueidis/internal/cmds":       true,
	"github.com/valkey-io/valkey-go/internal/cmds": true,
	"github.com/rueian/rueidis/internal/cmds":      true,
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
	"github.com/rueian/rueidis/rueidislock":     "rueidislock",
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

// ClientPackageOf returns the description of a recognised client package.
func ClientPackageOf(path string) (ClientPackage, bool) { return lookup(clientPackages, path) }

// IsBuilderStepPackage reports whether path holds the generated builder
// steps of rueidis or valkey-go (see builderStepPackages).
func IsBuilderStepPackage(path string) bool { return builderStepPackages[path] }

// LockLibrary returns the name of the lock library at path ("redsync"),
// under which lockLibraryCalls lists its calls.
func LockLibrary(path string) (string, bool) { return lookup(lockLibraryPackages, path) }
