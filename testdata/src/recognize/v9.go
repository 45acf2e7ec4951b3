// Package recognize exercises the recognition tables: every call below is
// annotated with what redisapi says it sends.
package recognize

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Store embeds a client, as service structs do.
type Store struct {
	*redis.Client
}

// KV is a user interface that embeds go-redis's command interface.
type KV interface {
	redis.Cmdable
	Close() error
}

var script = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

func receivers(ctx context.Context, c *redis.Client, cc *redis.ClusterClient, r *redis.Ring, conn *redis.Conn,
	u redis.UniversalClient, cmd redis.Cmdable, s Store, kv KV, sc redis.Scripter) {
	c.SetNX(ctx, "k1", "v", time.Second)                                       // want `SET NX key="k1" ttl=yes`
	cc.SetNX(ctx, "k2", "v", 0)                                                // want `SET NX key="k2" ttl=no`
	r.Del(ctx, "k3", "k4")                                                     // want `DEL key="k3" ttl=no`
	conn.PExpire(ctx, "k5", time.Second)                                       // want `PEXPIRE key="k5" ttl=yes`
	u.Get(ctx, "k6")                                                           // want `GET key="k6" ttl=no`
	cmd.Unlink(ctx, "k7")                                                      // want `UNLINK key="k7" ttl=no`
	s.SetNX(ctx, "k8", "v", 0)                                                 // want `SET NX key="k8" ttl=no`
	kv.Expire(ctx, "k9", time.Minute)                                          // want `EXPIRE key="k9" ttl=yes`
	sc.EvalSha(ctx, script.Hash(), []string{"k10"}, "tok")                     // want `EVALSHA key="k10" script=guarded-del`
	script.Run(ctx, c, []string{"k11"}, "tok")                                 // want `EVALSHA key="k11" script=guarded-del`
	c.Eval(ctx, "return redis.call('del', KEYS[1])", []string{"k12"})          // want `EVAL key="k12" script=bare-del`
	c.SetArgs(ctx, "k13", "v", redis.SetArgs{Mode: "NX", TTL: time.Second})    // want `SET NX key="k13" ttl=yes`
	c.SetArgs(ctx, "k14", "v", redis.SetArgs{Mode: "IFEQ", MatchValue: "old"}) // want `SET IFEQ key="k14" ttl=no`
	c.DelExArgs(ctx, "k15", redis.DelExArgs{Mode: "IFEQ", MatchValue: "tok"})  // want `DELEX IFEQ key="k15" ttl=no`
	c.SetIFEQ(ctx, "k16", "tok", "tok", time.Second)                           // want `SET IFEQ key="k16" ttl=yes`
	c.Do(ctx, "set", "k17", "v", "nx", "px", 3000)                             // want `SET NX key="k17" ttl=yes`
	c.Do(ctx, "SETNX", "k18", "v")                                             // want `SETNX key="k18" ttl=no`
	c.Do(ctx, "set", "k19", "v", "NX", "PX")                                   // want `SET NX key="k19" ttl=no`
	c.SetNX(ctx, "k20", "v", redis.KeepTTL)                                    // want `SET NX key="k20" ttl=no`
	c.Ping(ctx)
}

func queued(ctx context.Context, c *redis.Client) {
	pipe := c.Pipeline()
	pipe.SetNX(ctx, "q1", "v", 0) // want `SET NX key="q1" ttl=no queued`
	pipe.Exec(ctx)
	c.TxPipelined(ctx, func(p redis.Pipeliner) error { // want `MULTI key=\? ttl=no`
		p.Expire(ctx, "q2", time.Second) // want `EXPIRE key="q2" ttl=yes queued`
		return nil
	})
	c.Watch(ctx, func(tx *redis.Tx) error { // want `WATCH key="w1" ttl=no`
		tx.Get(ctx, "w1") // want `GET key="w1" ttl=no`
		return nil
	}, "w1")
}

// locals names command words and options in locals assigned once; one
// whose fields are set later, or that is assigned twice, is not known.
func locals(ctx context.Context, c *redis.Client, flip bool) {
	args := redis.SetArgs{Mode: "NX", TTL: time.Second}
	c.SetArgs(ctx, "l1", "v", args) // want `SET NX key="l1" ttl=yes`
	cmd, nx := "set", "nx"
	c.Do(ctx, cmd, "l2", "v", nx) // want `SET NX key="l2" ttl=no`
	touched := redis.SetArgs{TTL: time.Second}
	if flip {
		touched.Mode = "NX"
	}
	c.SetArgs(ctx, "l3", "v", touched)
	chosen := "set"
	if flip {
		chosen = "get"
	}
	c.Do(ctx, chosen, "l4", "v", "nx")
	mode := "NX"
	c.SetArgs(ctx, "l5", "v", redis.SetArgs{Mode: mode}) // want `SET NX key="l5" ttl=no`
}
