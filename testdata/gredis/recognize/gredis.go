// Package recognize exercises the recognition of GoFrame's gredis: every
// call below is annotated with what the recognition says it sends.
package recognize

import (
	"context"
	"time"

	"github.com/gogf/gf/v2/database/gredis"
	"github.com/gogf/gf/v2/frame/g"
)

const release = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

// Cache embeds the client, as service structs do.
type Cache struct {
	*gredis.Redis
}

// KV is a user interface that embeds gredis's string commands.
type KV interface {
	gredis.IGroupString
	Close(ctx context.Context) error
}

func methods(ctx context.Context, r *gredis.Redis, ttl int64) {
	r.SetNX(ctx, "g1", "v")                                                                            // want `SETNX key="g1" ttl=no`
	r.Set(ctx, "g2", "v", gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: &ttl}})           // want `SET NX key="g2" ttl=yes`
	r.Set(ctx, "g3", "v", gredis.SetOption{NX: true})                                                  // want `SET NX key="g3" ttl=no`
	r.Set(ctx, "g4", "v", gredis.SetOption{TTLOption: gredis.TTLOption{PX: &ttl}})                     // want `SET key="g4" ttl=yes`
	r.Set(ctx, "g5", "v", gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{KeepTTL: true}})      // want `SET NX key="g5" ttl=unknown`
	r.Set(ctx, "g6", "v", gredis.SetOption{XX: true, TTLOption: gredis.TTLOption{EX: &ttl}})           // want `SET XX key="g6" ttl=yes`
	r.SetEX(ctx, "g7", "v", 30)                                                                        // want `SETEX key="g7" ttl=yes`
	r.Expire(ctx, "g8", 30)                                                                            // want `EXPIRE key="g8" ttl=yes`
	r.PExpire(ctx, "g9", 3000)                                                                         // want `PEXPIRE key="g9" ttl=yes`
	r.ExpireAt(ctx, "g10", time.Now().Add(time.Minute))                                                // want `EXPIREAT key="g10" ttl=yes`
	r.Del(ctx, "g11", "g12")                                                                           // want `DEL key="g11" ttl=no`
	r.Unlink(ctx, "g13")                                                                               // want `UNLINK key="g13" ttl=no`
	r.Get(ctx, "g14")                                                                                  // want `GET key="g14" ttl=no`
	r.GetDel(ctx, "g15")                                                                               // want `GETDEL key="g15" ttl=no`
	r.Eval(ctx, release, 1, []string{"g16"}, []interface{}{"tok"})                                     // want `EVAL key="g16" script=guarded-del`
	r.Eval(ctx, "return redis.call('del', KEYS[1])", 1, []string{"g17"}, nil)                          // want `EVAL key="g17" script=bare-del`
	r.EvalSha(ctx, "e0e1f9fabfc9d4800c877a703b823ac0578ff831", 1, []string{"g18"}, []interface{}{"t"}) // want `EVALSHA key="g18" script=unknown`
	r.TTL(ctx, "g19")
}

func generic(ctx context.Context, r *gredis.Redis, conn gredis.Conn) {
	r.Do(ctx, "set", "d1", "v", "NX", "PX", 3000)    // want `SET NX key="d1" ttl=yes`
	r.Do(ctx, "SETNX", "d2", "v")                    // want `SETNX key="d2" ttl=no`
	r.Do(ctx, "Expire", "d3", 30)                    // want `EXPIRE key="d3" ttl=yes`
	r.Do(ctx, "EVAL", release, 1, "d4", "tok")       // want `EVAL key="d4" script=guarded-del`
	r.MustDo(ctx, "DEL", "d5")                       // want `DEL key="d5" ttl=no`
	conn.Do(ctx, "GET", "d6")                        // want `GET key="d6" ttl=no`
	r.GetAdapter().Do(ctx, "SET", "d7", "v", "NX")   // want `SET NX key="d7" ttl=no`
	numKeys := 1                                     // a key count held in a local is read as the constant
	r.Do(ctx, "EVAL", release, numKeys, "d8", "tok") // want `EVAL key="d8" script=guarded-del`
}

func receivers(ctx context.Context, c Cache, kv KV, r *gredis.Redis) {
	g.Redis().SetNX(ctx, "e1", "v")                                           // want `SETNX key="e1" ttl=no`
	g.Redis("cache").Del(ctx, "e2")                                           // want `DEL key="e2" ttl=no`
	c.SetNX(ctx, "e3", "v")                                                   // want `SETNX key="e3" ttl=no`
	kv.SetNX(ctx, "e4", "v")                                                  // want `SETNX key="e4" ttl=no`
	r.GroupString().SetNX(ctx, "e5", "v")                                     // want `SETNX key="e5" ttl=no`
	r.GroupGeneric().Expire(ctx, "e6", 30)                                    // want `EXPIRE key="e6" ttl=yes`
	r.GroupScript().Eval(ctx, release, 1, []string{"e7"}, []interface{}{"t"}) // want `EVAL key="e7" script=guarded-del`
	gredis.Instance().Get(ctx, "e8")                                          // want `GET key="e8" ttl=no`
}
