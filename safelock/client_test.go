package safelock_test

import (
	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

// Every client shape user code holds must be accepted by the functions the
// analyzer fixes call.
var (
	_ safelock.Client = (*redis.Client)(nil)
	_ safelock.Client = (*redis.ClusterClient)(nil)
	_ safelock.Client = (*redis.Ring)(nil)
	_ safelock.Client = redis.UniversalClient(nil)
	_ safelock.Client = redis.Cmdable(nil)
	_ safelock.Client = (*redis.Conn)(nil)
	_ safelock.Client = (*redis.Tx)(nil)
)
