package safelock

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"reflect"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/leasevet/leasevet/safelock/internal/ownercmd"
)

// Client is the narrowest go-redis v9 interface safelock needs: scripts
// (EVALSHA with EVAL fallback), GET to resolve unknown outcomes and SET for
// the acquire. Every method is in go-redis since v9.0.0, so the interface
// holds for every v9 release. *redis.Client, *redis.ClusterClient,
// *redis.Ring, *redis.Conn, *redis.Tx, redis.UniversalClient and
// redis.Cmdable all satisfy it. A pipeline satisfies it too but is rejected
// with an error: it only queues commands, so no reply could be checked.
//
// The native conditional commands (DELEX IFEQ, SET IFEQ) are not methods
// here: go-redis has methods for them only from v9.17, so safelock sends
// them as generic commands through the client's Process method (what Do
// does), which every concrete client has; a client without it uses the Lua
// scripts.
type Client interface {
	redis.Scripter
	Get(ctx context.Context, key string) *redis.StringCmd
	SetArgs(ctx context.Context, key string, value interface{}, a redis.SetArgs) *redis.StatusCmd
}

var (
	// ErrNotObtained is returned by Obtain when the key is held by someone
	// else and the retry strategy gave up (or the context ended first), and
	// by the methods of a nil *Lock.
	ErrNotObtained = errors.New("safelock: not obtained")

	// ErrNotOwner means Redis answered 0 to an owner-checked command: the key
	// does not hold the caller's token (it expired, or another owner holds
	// it). Nothing was deleted or extended.
	ErrNotOwner = errors.New("safelock: not owner")

	// ErrLeaseLost means the lease can no longer be relied on: after an
	// unknown outcome the key no longer holds the caller's token, a renewal
	// found another owner, or the local danger-zone deadline passed. It is
	// also the cause of a Lock's cancelled Context.
	ErrLeaseLost = errors.New("safelock: lease lost")

	// ErrUnknownOutcome means a release or refresh may or may not have taken
	// effect (timeout or broken connection) and reading the key back failed
	// too. The lease must be treated as lost; the key expires with its TTL.
	ErrUnknownOutcome = errors.New("safelock: outcome unknown")
)

// tokenBytes is 128 bits: enough that two acquisitions never share a token.
const tokenBytes = 16

// NewToken returns a fresh owner token: 128 bits from crypto/rand, encoded
// as unpadded URL-safe base64 (22 characters). Use one token per
// acquisition, never a fixed instance or thread id.
func NewToken() string {
	var b [tokenBytes]byte
	// Since Go 1.24 crypto/rand.Read never returns an error (it crashes the
	// program instead); safelock's go line is older, and on those releases
	// an error would leave b zero. A lock must not hand out guessable
	// tokens, so fail as loudly as Go 1.24 does.
	if _, err := rand.Read(b[:]); err != nil {
		panic("safelock: crypto/rand: " + err.Error())
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// Release deletes key only if it still holds token, atomically (DELEX IFEQ
// where the server has it, a Lua compare-and-delete by EVALSHA otherwise).
// It returns ErrNotOwner if the key holds another value or is gone, and never
// follows that with an unconditional delete. When the call times out or its
// connection breaks, Release reads the key: if it still holds token the same
// conditional delete is sent again, otherwise it returns ErrLeaseLost; if the
// key cannot be read either it returns ErrUnknownOutcome.
//
// A release is clean-up: it runs with ctx's values but not its cancellation
// or deadline, bounded by DefaultReleaseTimeout instead, so a deferred
// Release(ctx) frees the key even once ctx is done (see "Releasing from a
// done context" in the package documentation). When the bound passes
// without an answer it returns ErrUnknownOutcome, and calling it again is
// safe.
func Release(ctx context.Context, client Client, key, token string) error {
	return release(ctx, client, key, token, DefaultReleaseTimeout)
}

// release is Release under bound, in the caller's goroutine: a goroutine
// per release would let the bound cut short any read, but it made the
// paired acquire+release benchmark 1.3-1.7x the raw pair (about 1.0x
// without).
func release(ctx context.Context, client Client, key, token string, bound time.Duration) error {
	if err := checkCall(client, key, token); err != nil {
		return fmt.Errorf("safelock: release: %w", err)
	}
	op := func(ctx context.Context) (bool, error) {
		return ownercmd.CapsOf(client).Release(ctx, client, key, token)
	}
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), bound)
	defer cancel()
	err := settle(dctx, client, key, token, op)
	if err != nil && dctx.Err() != nil && errors.Is(err, ErrUnknownOutcome) {
		return fmt.Errorf("safelock: release %q: no answer within %v: %w", key, bound, err)
	}
	if err != nil {
		return fmt.Errorf("safelock: release %q: %w", key, err)
	}
	return nil
}

// Refresh sets the TTL of key to ttl only if it still holds token,
// atomically (SET key token IFEQ token PX ttl where the server has it, a Lua
// compare-and-PEXPIRE by EVALSHA otherwise). Its errors are those of Release.
// It never re-creates a key that has expired.
//
// Unlike Release, it runs under ctx as it is: a refresh with a done
// context is the caller's choice to stop renewing.
func Refresh(ctx context.Context, client Client, key, token string, ttl time.Duration) error {
	if err := checkCall(client, key, token); err != nil {
		return fmt.Errorf("safelock: refresh: %w", err)
	}
	if err := checkTTL(ttl); err != nil {
		return fmt.Errorf("safelock: refresh: %w", err)
	}
	op := func(ctx context.Context) (bool, error) {
		return ownercmd.CapsOf(client).Refresh(ctx, client, key, token, ttl)
	}
	if err := settle(ctx, client, key, token, op); err != nil {
		return fmt.Errorf("safelock: refresh %q: %w", key, err)
	}
	return nil
}

// checkCall rejects the inputs that would otherwise panic inside go-redis or
// silently match the wrong owner.
func checkCall(client Client, key, token string) error {
	if err := checkTarget(client, key); err != nil {
		return err
	}
	if token == "" {
		// An empty token would compare equal to an empty value written by
		// anyone; it can never prove ownership.
		return errors.New("empty token")
	}
	return nil
}

// checkTarget rejects a nil client (which would panic inside go-redis), an
// empty key, and a pipeline.
func checkTarget(client Client, key string) error {
	if isNilClient(client) {
		return errors.New("nil client")
	}
	if key == "" {
		return errors.New("empty key")
	}
	if _, queued := client.(redis.Pipeliner); queued {
		// A pipeline only queues commands: every reply would read as 0
		// (not owner) before anything was sent.
		return errors.New("a pipeline cannot run owner-checked commands; pass the client")
	}
	return nil
}

// checkTTL rejects durations Redis cannot express as a positive PX value.
func checkTTL(ttl time.Duration) error {
	if ttl < time.Millisecond {
		return fmt.Errorf("ttl %v is below 1ms", ttl)
	}
	return nil
}

// isNilClient reports whether client is nil or a typed nil pointer, which
// would make go-redis panic on the first call.
func isNilClient(client Client) bool {
	if client == nil {
		return true
	}
	v := reflect.ValueOf(client)
	return v.Kind() == reflect.Pointer && v.IsNil()
}
