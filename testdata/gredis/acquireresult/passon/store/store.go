// Package store is a service's thin layer over gredis: its callers say
// which SET they want with the options they pass.
package store

import (
	"context"

	"github.com/gogf/gf/v2/container/gvar"
	"github.com/gogf/gf/v2/database/gredis"
)

// Put sets key to value with the options its caller gives.
func Put(ctx context.Context, r *gredis.Redis, key string, value interface{}, opts []gredis.SetOption) (*gvar.Var, error) {
	return r.Set(ctx, key, value, opts...)
}
