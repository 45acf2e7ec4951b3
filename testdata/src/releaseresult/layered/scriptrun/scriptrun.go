// Package scriptrun runs the scripts its callers pass, in two layers: the
// exported functions call a function of the package that hands the reply
// back.
package scriptrun

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// Release runs s on key and reports only the error: a reply of 0 is lost
// here, but only the caller knows which script ran.
func Release(ctx context.Context, rdb *redis.Client, s *redis.Script, key, token string) error {
	_, err := run(ctx, rdb, s, key, token)
	return err
}

// ReleaseN hands the reply back as an integer.
func ReleaseN(ctx context.Context, rdb *redis.Client, s *redis.Script, key, token string) (int64, error) {
	res, err := run(ctx, rdb, s, key, token)
	if err != nil {
		return 0, err
	}
	n, _ := res.(int64)
	return n, nil
}

func run(ctx context.Context, rdb *redis.Client, s *redis.Script, key, token string) (any, error) {
	return s.Run(ctx, rdb, []string{key}, token).Result()
}

// Drop builds a script from the source its caller passes, runs it on key
// and drops the reply.
func Drop(ctx context.Context, rdb *redis.Client, src, key, token string) {
	redis.NewScript(src).Run(ctx, rdb, []string{key}, token)
}

// DropJobs is Drop on the jobs lock.
func DropJobs(ctx context.Context, rdb *redis.Client, src, token string) {
	redis.NewScript(src).Run(ctx, rdb, []string{"jobs:lock"}, token)
}

// ErrOf reads only the command's error.
func ErrOf(cmd *redis.Cmd) error { return cmd.Err() }

// CountOf reads the command's integer reply.
func CountOf(cmd *redis.Cmd) (int64, error) { return cmd.Int64() }
