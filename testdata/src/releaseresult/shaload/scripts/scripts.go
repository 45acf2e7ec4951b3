// Package scripts loads the lock scripts once and keeps their SHA1s in
// package variables, for EvalSha.
package scripts

import (
	"context"

	"github.com/redis/go-redis/v9"
)

const acquire = `if redis.call("set", KEYS[1], ARGV[1], "NX", "PX", ARGV[2]) then return "OK" end return nil`

const release = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

var (
	Acquire = ""
	Release = ""
	// Other is loaded from two different scripts: which one is unknown.
	Other = ""
	// ReleaseHeld is release, loaded through a command held in a local.
	ReleaseHeld = ""
)

func Load(ctx context.Context, rdb *redis.Client) {
	Acquire = rdb.ScriptLoad(ctx, acquire).Val()
	Release = rdb.ScriptLoad(ctx, release).Val()
	Other = rdb.ScriptLoad(ctx, acquire).Val()
	Other = rdb.ScriptLoad(ctx, release).Val()
	cmd := rdb.ScriptLoad(ctx, release)
	ReleaseHeld = cmd.Val()
}
