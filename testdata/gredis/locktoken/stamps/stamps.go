// Package stamps writes job keys with the time they were written, under
// the options its callers choose: NX to claim one, XX to refresh it.
package stamps

import (
	"context"

	"github.com/gogf/gf/v2/container/gvar"
	"github.com/gogf/gf/v2/database/gredis"
	"github.com/gogf/gf/v2/frame/g"
	"github.com/gogf/gf/v2/os/gtime"
)

// Put writes the current time under the job's key.
func Put(ctx context.Context, job string, opt gredis.SetOption) (*gvar.Var, error) { // want Put:"own values at stamps.go:16"
	return g.Redis().Set(ctx, "lock:job:"+job, gtime.Now().Unix(), opt)
}

// PutID writes id under the job's key: the caller's value.
func PutID(ctx context.Context, job, id string, opt gredis.SetOption) (*gvar.Var, error) {
	return g.Redis().Set(ctx, "lock:job:"+job, id, opt)
}
