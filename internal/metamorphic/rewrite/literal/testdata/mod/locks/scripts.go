package locks

import (
	"context"
	"time"
)

// refreshLua extends the lock only while it holds our token.
const refreshLua = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`

func (l *Lock) Refresh(ctx context.Context, ttl time.Duration) (bool, error) {
	n, err := l.rdb.Eval(ctx, refreshLua, []string{l.key}, l.token, ttl.Milliseconds()).Int64()
	return n == 1, err
}
