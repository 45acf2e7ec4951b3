// Command app is a GoFrame service: the blank import registers the
// go-redis adapter behind g.Redis().
package main

import (
	"context"

	_ "github.com/gogf/gf/contrib/nosql/redis/v2"
	"github.com/gogf/gf/v2/frame/g"
	"github.com/gogf/gf/v2/os/gctx"

	"example.com/gredis/correct"
)

func main() {
	ctx := gctx.New()
	locker := correct.NewLocker(g.Redis(), 30)
	err := locker.WithLock(ctx, "nightly-report", func() error {
		return report(ctx)
	})
	if err != nil {
		g.Log().Error(ctx, err)
	}
}

func report(ctx context.Context) error {
	_, err := g.Redis().Set(ctx, "report:last", gctx.CtxId(ctx))
	return err
}
