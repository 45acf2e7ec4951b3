package correct

import (
	"context"

	"github.com/gogf/gf/v2/database/gredis"
	"github.com/gogf/gf/v2/frame/g"
	"github.com/gogf/gf/v2/util/gconv"
)

// Once reports whether id is new today: a marker with its TTL in the
// same command, and a constant value, as markers have.
func Once(ctx context.Context, id string) (bool, error) {
	reply, err := g.Redis().Set(ctx, "processed:"+id, 1, gredis.SetOption{NX: true, TTLOption: gredis.TTLOption{EX: gconv.PtrInt64(86400)}})
	return !reply.IsNil(), err
}

// Claim records the first claimant of a coupon for good: SetNX alone.
func Claim(ctx context.Context, coupon, user string) (bool, error) {
	return g.Redis().SetNX(ctx, "coupon:claimed:"+coupon, user)
}

// Touch marks a user active and does not care whether it was new.
func Touch(ctx context.Context, user string) {
	g.Redis().SetNX(ctx, "active:"+user, 1)
}

// Pause and Resume are an on/off flag: an NX write and a DEL in two
// unrelated functions, with no lock name, compare or loop.
func Pause(ctx context.Context, queue string) (bool, error) {
	return g.Redis().SetNX(ctx, "queue:paused:"+queue, 1)
}

// Resume clears the flag.
func Resume(ctx context.Context, queue string) error {
	_, err := g.Redis().Del(ctx, "queue:paused:"+queue)
	return err
}
