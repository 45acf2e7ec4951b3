package recognize

import (
	"context"

	oldrueidis "github.com/rueian/rueidis"
	oldcompat "github.com/rueian/rueidis/rueidiscompat"
	oldlock "github.com/rueian/rueidis/rueidislock"
	"github.com/valkey-io/valkey-go/valkeycompat"
)

// oldPath is rueidis at its import path before the move to
// github.com/redis/rueidis: the same client.
func oldPath(ctx context.Context, c oldrueidis.Client, cc oldcompat.Cmdable, l oldlock.Locker) {
	c.Do(ctx, c.B().Set().Key("o1").Value("v").Nx().PxMilliseconds(3000).Build())  // want `SET NX key="o1" ttl=yes`
	c.Do(ctx, c.B().Setnx().Key("o2").Value("v").Build())                          // want `SETNX key="o2" ttl=no`
	c.Do(ctx, c.B().Del().Key("o3").Build())                                       // want `DEL key="o3" ttl=no`
	oldrueidis.NewLuaScript(release).Exec(ctx, c, []string{"o4"}, []string{"tok"}) // want `EVALSHA key="o4" script=guarded-del`
	cc.SetNX(ctx, "o5", "v", 0)                                                    // want `SET NX key="o5" ttl=no`
	cc.Eval(ctx, release, []string{"o6"}, "tok")                                   // want `EVAL key="o6" script=guarded-del`
	_, cancel, _ := l.WithContext(ctx, "name")                                     // want `rueidislock.WithContext key=\? ttl=unknown`
	cancel()
}

// compatScripts are the script calls of the two go-redis-shaped adapters.
func compatScripts(ctx context.Context, c valkeycompat.Cmdable) {
	s := valkeycompat.NewScript(release)
	c.Eval(ctx, release, []string{"v1"}, "tok")     // want `EVAL key="v1" script=guarded-del`
	c.EvalSha(ctx, s.Hash(), []string{"v2"}, "tok") // want `EVALSHA key="v2" script=guarded-del`
	s.Run(ctx, c, []string{"v3"}, "tok")            // want `EVALSHA key="v3" script=guarded-del`
	s.Eval(ctx, c, []string{"v4"}, "tok")           // want `EVAL key="v4" script=guarded-del`
	c.SetNX(ctx, "v5", "v", 0)                      // want `SET NX key="v5" ttl=no`
}
