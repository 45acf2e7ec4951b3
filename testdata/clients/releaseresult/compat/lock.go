// Package compat drops the answer of a compare script through rueidiscompat.
package compat

import (
	"context"

	"example.com/clients/releaseresult/compat/shaexec"
	"github.com/redis/rueidis/rueidiscompat"
)

const releaseSrc = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

var release = rueidiscompat.NewScript(releaseSrc)

func Unlock(ctx context.Context, c rueidiscompat.Cmdable, key, token string) error {
	return release.Run(ctx, c, []string{key}, token).Err() // want `Run runs an owner-checked release script on lock key passed to Unlock as key but checks only .Err\(\)`
}

// UnlockChecked is correct: 0 is read as a lost lock.
func UnlockChecked(ctx context.Context, c rueidiscompat.Cmdable, key, token string) (bool, error) {
	n, err := release.Run(ctx, c, []string{key}, token).Int64()
	return n == 1, err
}

// UnlockEval runs the compare script through the adapter's Eval and drops
// the result.
func UnlockEval(ctx context.Context, c rueidiscompat.Cmdable, key, token string) {
	c.Eval(ctx, releaseSrc, []string{key}, token) // want `Eval runs an owner-checked release script on lock key passed to UnlockEval as key but drops its result`
}

// UnlockSha runs it by its digest and keeps only the error.
func UnlockSha(ctx context.Context, c rueidiscompat.Cmdable, key, token string) error {
	_, err := c.EvalSha(ctx, release.Hash(), []string{key}, token).Result() // want `EvalSha runs an owner-checked release script on lock key passed to UnlockSha as key but keeps only its error`
	return err
}

// UnlockEvalChecked is correct: the reply is read.
func UnlockEvalChecked(ctx context.Context, c rueidiscompat.Cmdable, key, token string) (bool, error) {
	n, err := c.Eval(ctx, releaseSrc, []string{key}, token).Int64()
	return n == 1, err
}

// UnlockByDigest runs the script by its digest through a helper that
// keeps only the error.
func UnlockByDigest(ctx context.Context, c rueidiscompat.Cmdable, key, token string) error {
	return shaexec.Release(ctx, c, release, key, token) // want `Release \(EVALSHA at shaexec.go:13\) runs an owner-checked release script on lock key passed to UnlockByDigest as key but keeps only its error`
}

// UnlockByDigestChecked is correct: the reply comes back and 0 is read.
func UnlockByDigestChecked(ctx context.Context, c rueidiscompat.Cmdable, key, token string) (bool, error) {
	n, err := shaexec.ReleaseN(ctx, c, release, key, token)
	return n == 1, err
}

// UnlockShaStaged holds the digest in a local and keeps only the error.
func UnlockShaStaged(ctx context.Context, c rueidiscompat.Cmdable, key, token string) error {
	sha := release.Hash()
	_, err := c.EvalSha(ctx, sha, []string{key}, token).Result() // want `EvalSha runs an owner-checked release script on lock key passed to UnlockShaStaged as key but keeps only its error`
	return err
}

// UnlockByDigestStaged keeps only the error, through a helper that holds
// the digest in a local.
func UnlockByDigestStaged(ctx context.Context, c rueidiscompat.Cmdable, key, token string) error {
	return shaexec.ReleaseStaged(ctx, c, release, key, token) // want `ReleaseStaged \(EVALSHA at shaexec.go:25\) runs an owner-checked release script on lock key passed to UnlockByDigestStaged as key but keeps only its error`
}
