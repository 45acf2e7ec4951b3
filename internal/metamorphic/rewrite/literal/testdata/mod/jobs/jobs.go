// Package jobs uses a package client; its type has no constructor.
package jobs

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

var rdb = redis.NewClient(&redis.Options{Addr: "localhost:6379"})

var unlockScript = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

type Runner struct{ name string }

func (r Runner) Run(ctx context.Context, token string) bool {
	if !rdb.SetNX(ctx, "job:lock:"+r.name, token, time.Minute).Val() {
		return false
	}
	defer unlockScript.Run(ctx, rdb, []string{"job:lock:" + r.name}, token)
	switch r.name {
	case "nightly": // a case: stays
		return true
	}
	return true
}
