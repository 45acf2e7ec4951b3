package recognize

import (
	"context"

	"github.com/valkey-io/valkey-go"
)

func valkeyChains(ctx context.Context, c valkey.Client) {
	c.Do(ctx, c.B().Set().Key("v1").Value("v").Nx().ExSeconds(10).Build()) // want `SET NX key="v1" ttl=yes`
	c.DoMulti(ctx,
		c.B().Set().Key("v2").Value("v").Nx().Build(), // want `SET NX key="v2" ttl=no queued`
		c.B().Expire().Key("v2").Seconds(10).Build(),  // want `EXPIRE key="v2" ttl=yes queued`
	)
	valkey.NewLuaScript(release).Exec(ctx, c, []string{"v3"}, []string{"tok"}) // want `EVALSHA key="v3" script=guarded-del`
}
