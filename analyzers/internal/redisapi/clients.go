// Package redisapi recognises calls of Redis client libraries and says which
// Redis command each one issues, on which key, with which value, TTL and mode.
//
// All API knowledge lives in data tables (this file and commands.go); the code
// in recognize.go only interprets them. Calls are resolved through types, never
// by spelling, so user structs and interfaces that embed a client, promoted
// methods and interface calls are all recognised.
package redisapi

// A family groups client packages that share one calling convention.
type family int

const (
	goRedis  family = iota + 1 // go-redis: methods named after commands
	redigo                     // redigo: string commands through Do/Send
	lockLibs                   // lock libraries whose calls are owner-checked
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
}

// lockLibraryPackages are the correct lock libraries: their releases and
// renewals are owner-checked by construction.
var lockLibraryPackages = map[string]string{
	"github.com/leasevet/leasevet/safelock": "safelock",
	"github.com/bsm/redislock":              "redislock",
	"github.com/go-redsync/redsync/v4":      "redsync",
	"github.com/go-redsync/redsync/v3":      "redsync",
	"github.com/go-redsync/redsync":         "redsync",
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
