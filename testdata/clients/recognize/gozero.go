package recognize

import (
	"context"

	"github.com/zeromicro/go-zero/core/stores/redis"
)

var zeroRelease = redis.NewScript(release)

func gozero(ctx context.Context, r *redis.Redis) {
	r.Setnx("z1", "v")                              // want `SETNX key="z1" ttl=no`
	r.SetnxExCtx(ctx, "z2", "v", 30)                // want `SET NX key="z2" ttl=yes`
	r.SetnxEx("z3", "v", 0)                         // want `SET NX key="z3" ttl=no`
	r.Expire("z4", 30)                              // want `EXPIRE key="z4" ttl=yes`
	r.DelCtx(ctx, "z5")                             // want `DEL key="z5" ttl=no`
	r.Get("z6")                                     // want `GET key="z6" ttl=no`
	r.Eval(release, []string{"z7"}, "tok")          // want `EVAL key="z7" script=guarded-del`
	r.ScriptRun(zeroRelease, []string{"z8"}, "tok") // want `EVALSHA key="z8" script=guarded-del`
	l := redis.NewRedisLock(r, "z9")
	l.Acquire()       // want `gozero.Acquire key=\? ttl=unknown`
	l.ReleaseCtx(ctx) // want `gozero.ReleaseCtx key=\? ttl=unknown`
}
