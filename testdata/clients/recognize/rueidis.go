// Package recognize exercises the recognition of rueidis, valkey-go,
// their compat adapters and go-zero: every call below is annotated with
// what redisapi says it sends.
package recognize

import (
	"context"
	"time"

	"github.com/redis/rueidis"
	"github.com/redis/rueidis/rueidiscompat"
	"github.com/redis/rueidis/rueidislock"
)

const release = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

var releaseLua = rueidis.NewLuaScript(release)

func chains(ctx context.Context, c rueidis.Client, d rueidis.DedicatedClient, ttl time.Duration) {
	c.Do(ctx, c.B().Set().Key("r1").Value("v").Nx().Px(ttl).Build())                            // want `SET NX key="r1" ttl=yes`
	c.Do(ctx, c.B().Set().Key("r2").Value("v").Nx().Build())                                    // want `SET NX key="r2" ttl=no`
	c.Do(ctx, c.B().Setnx().Key("r3").Value("v").Build())                                       // want `SETNX key="r3" ttl=no`
	c.Do(ctx, c.B().Set().Key("r4").Value("v").ExSeconds(30).Build())                           // want `SET key="r4" ttl=yes`
	c.Do(ctx, c.B().Expire().Key("r5").Seconds(30).Build())                                     // want `EXPIRE key="r5" ttl=yes`
	c.Do(ctx, c.B().Pexpire().Key("r6").Milliseconds(3000).Nx().Build())                        // want `PEXPIRE key="r6" ttl=yes`
	c.Do(ctx, c.B().Del().Key("r7", "r8").Build())                                              // want `DEL key="r7" ttl=no`
	c.DoCache(ctx, c.B().Get().Key("r9").Cache(), time.Minute)                                  // want `GET key="r9" ttl=no`
	c.Do(ctx, c.B().Eval().Script(release).Numkeys(1).Key("r10").Arg("tok").Build())            // want `EVAL key="r10" script=guarded-del`
	c.Do(ctx, c.B().Evalsha().Sha1("abc").Numkeys(1).Key("r11").Arg("tok").Build())             // want `EVALSHA key="r11" script=unknown`
	c.Do(ctx, c.B().Set().Key("r12").Value("v").Ifeq("tok").Px(ttl).Build())                    // want `SET IFEQ key="r12" ttl=yes`
	c.Do(ctx, c.B().Delifeq().Key("r13").Value("tok").Build())                                  // want `DELIFEQ key="r13" ttl=no`
	c.Do(ctx, c.B().Delex().Key("r14").Ifeq("tok").Build())                                     // want `DELEX IFEQ key="r14" ttl=no`
	c.Do(ctx, c.B().Set().Key("r15").Value("v").Nx().Keepttl().Build())                         // want `SET NX key="r15" ttl=unknown`
	d.Do(ctx, d.B().Getdel().Key("r16").Build())                                                // want `GETDEL key="r16" ttl=no`
	releaseLua.Exec(ctx, c, []string{"r17"}, []string{"tok"})                                   // want `EVALSHA key="r17" script=guarded-del`
	releaseLua.ExecMulti(ctx, c, rueidis.LuaExec{Keys: []string{"r18"}, Args: []string{"tok"}}) // want `EVALSHA key="r18" script=guarded-del`
	c.Do(ctx, c.B().Ping().Build())
}

func sentLater(ctx context.Context, c rueidis.Client, ttl time.Duration) {
	acquire := c.B().Set().Key("s1").Value("v").Nx().Build()
	c.Do(ctx, acquire) // want `SET NX key="s1" ttl=no`
	b := c.B()
	c.Do(ctx, b.Expire().Key("s2").Seconds(10).Build()) // want `EXPIRE key="s2" ttl=yes`
	exp := c.B().Expire().Key("s3").Seconds(10).Build() // want `EXPIRE key="s3" ttl=yes queued`
	c.DoMulti(ctx,
		c.B().Setnx().Key("s3").Value("v").Build(), // want `SETNX key="s3" ttl=no queued`
		exp,
	)
}

func compat(ctx context.Context, c rueidiscompat.Cmdable) {
	c.SetNX(ctx, "c1", "v", 0)                                                     // want `SET NX key="c1" ttl=no`
	c.Expire(ctx, "c2", time.Second)                                               // want `EXPIRE key="c2" ttl=yes`
	c.Del(ctx, "c3")                                                               // want `DEL key="c3" ttl=no`
	rueidiscompat.NewScript(release).Run(ctx, c, []string{"c4"}, "tok")            // want `EVALSHA key="c4" script=guarded-del`
	c.Eval(ctx, release, []string{"c5"}, "tok")                                    // want `EVAL key="c5" script=guarded-del`
	c.EvalSha(ctx, rueidiscompat.NewScript(release).Hash(), []string{"c6"}, "tok") // want `EVALSHA key="c6" script=guarded-del`
}

func locks(ctx context.Context, l rueidislock.Locker) {
	_, cancel, _ := l.WithContext(ctx, "name") // want `rueidislock.WithContext key=\? ttl=unknown`
	cancel()
}
