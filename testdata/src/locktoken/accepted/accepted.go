// Package accepted holds lock values with a per-acquisition unique part,
// and values whose source cannot be determined: none is reported.
package accepted

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	mrand "math/rand"
	"os"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

var errLost = errors.New("accepted: lock lost")

const unlockLua = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

var (
	instanceID = mustHostname()
	epoch      = time.Now().UnixNano()
	requests   atomic.Uint64
)

func mustHostname() string {
	h, err := os.Hostname()
	if err != nil {
		panic(err)
	}
	return h
}

type Locks struct{ rdb *redis.Client }

func (l *Locks) unlock(ctx context.Context, key, token string) error {
	n, err := l.rdb.Eval(ctx, unlockLua, []string{key}, token).Int()
	if err == nil && n == 0 {
		err = errLost
	}
	return err
}

func (l *Locks) try(ctx context.Context, key, token string) error {
	ok, err := l.rdb.SetNX(ctx, key, token, 10*time.Second).Result() // ok: a parameter, judged at the call sites
	if err != nil || !ok {
		return err
	}
	return l.unlock(ctx, key, token)
}

// UUID tokens.
func (l *Locks) UUID(ctx context.Context) error {
	return l.try(ctx, "lock:uuid", uuid.NewString()) // ok
}

func (l *Locks) UUIDMust(ctx context.Context) error {
	return l.try(ctx, "lock:uuid-must", uuid.Must(uuid.NewRandom()).String()) // ok
}

// crypto/rand bytes, hex and base64 encoded.
func (l *Locks) Random(ctx context.Context) error {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return err
	}
	return l.try(ctx, "lock:random", hex.EncodeToString(b)) // ok
}

func (l *Locks) RandomBase64(ctx context.Context) error {
	var b [18]byte
	if _, err := rand.Read(b[:]); err != nil {
		return err
	}
	return l.try(ctx, "lock:random64", base64.RawURLEncoding.EncodeToString(b[:])) // ok
}

// math/rand: seeded per process since Go 1.20.
func (l *Locks) MathRand(ctx context.Context) error {
	return l.try(ctx, "lock:mrand", strconv.FormatInt(mrand.Int63(), 36)) // ok
}

// The design text's form: instance id, process epoch and a request counter.
func (l *Locks) Counter(ctx context.Context) error {
	token := fmt.Sprintf("%s:%d:%d", instanceID, epoch, requests.Add(1)) // ok
	return l.try(ctx, "lock:counter", token)
}

// safelock's token.
func (l *Locks) SafeToken(ctx context.Context) error {
	return l.try(ctx, "lock:safe", safelock.NewToken()) // ok
}

// A caller-supplied token of an exported function: its source is unknown here.
func (l *Locks) WithToken(ctx context.Context, token string) error {
	ok, err := l.rdb.SetNX(ctx, "lock:given", token, time.Second).Result() // ok: unknown source
	if err != nil || !ok {
		return err
	}
	return l.unlock(ctx, "lock:given", token)
}

// A token source behind an interface: unknown.
type TokenSource interface{ Next() string }

func (l *Locks) FromSource(ctx context.Context, src TokenSource) error {
	return l.try(ctx, "lock:source", src.Next()) // ok: interface method
}

// A constant fallback for an unknown value is not a constant token.
func (l *Locks) Fallback(ctx context.Context) error {
	token := os.Getenv("LOCK_TOKEN")
	if token == "" {
		token = "default"
	}
	return l.try(ctx, "lock:fallback", token) // ok: one part unknown
}

// Config set by importers: its exported field may hold anything.
type Config struct{ Owner string }

func (l *Locks) Configured(ctx context.Context, cfg *Config) error {
	return l.try(ctx, "lock:configured", cfg.Owner) // ok
}
