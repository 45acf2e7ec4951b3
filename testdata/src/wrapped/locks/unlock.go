package locks

import (
	"context"

	"example.com/fixtures/wrapped/redisutil"
)

// Unlock releases through the generic helper: the bug is here.
func (l *Lock) Unlock(ctx context.Context) error {
	return redisutil.Del(ctx, l.key) // want `Del \(DEL at redisutil.go:26\) releases lock key l.key \(acquired by SetNX \(SET NX at redisutil.go:18\) at lock.go:32\) without checking the owner token`
}
