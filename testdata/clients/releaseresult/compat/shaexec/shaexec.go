// Package shaexec runs loaded scripts by their digest, for callers that
// pass the script.
package shaexec

import (
	"context"

	"github.com/redis/rueidis/rueidiscompat"
)

// Release runs s by its SHA1 on key and reports only the error.
func Release(ctx context.Context, c rueidiscompat.Cmdable, s *rueidiscompat.Script, key, token string) error {
	_, err := c.EvalSha(ctx, s.Hash(), []string{key}, token).Result()
	return err
}

// ReleaseN runs s by its SHA1 on key and hands the reply back.
func ReleaseN(ctx context.Context, c rueidiscompat.Cmdable, s *rueidiscompat.Script, key, token string) (int64, error) {
	return c.EvalSha(ctx, s.Hash(), []string{key}, token).Int64()
}

// ReleaseStaged holds the digest in a local first.
func ReleaseStaged(ctx context.Context, c rueidiscompat.Cmdable, s *rueidiscompat.Script, key, token string) error {
	sha := s.Hash()
	return c.EvalSha(ctx, sha, []string{key}, token).Err()
}
