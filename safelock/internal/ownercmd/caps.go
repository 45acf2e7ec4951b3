package ownercmd

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// Support states of a native conditional command on one client's servers.
const (
	supportUnknown int32 = iota // not probed yet: try native once
	supportNative               // the server ran it
	supportLua                  // the server rejected it: use Lua
)

// Caps records, per client, whether the servers accept DELEX IFEQ and
// SET IFEQ (Redis 8.4+). The first conditional call is the probe: it sends
// the native command, and a server that does not know it rejects it without
// executing anything ("unknown command" or "syntax error"), so falling back
// to the Lua script costs one extra round trip once and is always safe. A
// later rejection (a failover to an older server) flips back to Lua.
type Caps struct {
	delex   atomic.Int32
	setIfeq atomic.Int32
}

// capsCacheLimit bounds the per-client cache so that programs creating a
// client per request cannot grow it without limit; a reset only costs a
// new probe.
const capsCacheLimit = 256

var capsCache = struct {
	sync.Mutex
	m map[redis.Scripter]*Caps
}{m: map[redis.Scripter]*Caps{}}

// processor is the generic command path of every concrete go-redis v9
// client (Do is NewCmd plus Process; *redis.Conn and *redis.Tx have only
// Process).
type processor interface {
	Process(ctx context.Context, cmd redis.Cmder) error
}

// CapsOf returns the shared capability record of client. Only pointer
// clients (*redis.Client, *redis.ClusterClient, *redis.Ring, and most
// wrappers) are cached: any other dynamic type might hold a value that
// cannot be a map key, so it gets a fresh record that says Lua and never
// pays a probe per call.
func CapsOf(client redis.Scripter) *Caps {
	if reflect.TypeOf(client).Kind() != reflect.Pointer {
		c := &Caps{}
		c.delex.Store(supportLua)
		c.setIfeq.Store(supportLua)
		return c
	}
	capsCache.Lock()
	defer capsCache.Unlock()
	c, ok := capsCache.m[client]
	if !ok {
		if len(capsCache.m) >= capsCacheLimit {
			clear(capsCache.m)
		}
		c = &Caps{}
		capsCache.m[client] = c
	}
	return c
}

// Release runs the owner-checked delete once and reports whether it deleted.
func (c *Caps) Release(ctx context.Context, client redis.Scripter, key, token string) (bool, error) {
	if p, ok := client.(processor); ok && c.delex.Load() != supportLua {
		cmd := redis.NewCmd(ctx, "delex", key, "IFEQ", token)
		_ = p.Process(ctx, cmd)
		n, err := cmd.Int64()
		if !isUnsupported(err) {
			if err == nil {
				c.delex.Store(supportNative)
			}
			return n == 1, err
		}
		c.delex.Store(supportLua)
	}
	n, err := releaseScript.Run(ctx, client, []string{key}, token).Int64()
	return n == 1, err
}

// Refresh runs the owner-checked TTL reset once and reports whether it
// applied.
func (c *Caps) Refresh(ctx context.Context, client redis.Scripter, key, token string, ttl time.Duration) (bool, error) {
	if p, ok := client.(processor); ok && c.setIfeq.Load() != supportLua {
		cmd := redis.NewCmd(ctx, "set", key, token, "IFEQ", token, "PX", ttl.Milliseconds())
		err := p.Process(ctx, cmd)
		if !isUnsupported(err) {
			if err == nil || errors.Is(err, redis.Nil) {
				c.setIfeq.Store(supportNative)
				return err == nil, nil
			}
			return false, err
		}
		c.setIfeq.Store(supportLua)
	}
	n, err := refreshScript.Run(ctx, client, []string{key}, token, ttl.Milliseconds()).Int64()
	return n == 1, err
}

// isUnsupported reports whether err is a server reply saying the command or
// its IFEQ argument is unknown: the command was not executed.
func isUnsupported(err error) bool {
	var rerr redis.Error
	if err == nil || !errors.As(err, &rerr) {
		return false
	}
	msg := strings.ToLower(rerr.Error())
	return strings.HasPrefix(msg, "err unknown command") ||
		strings.HasPrefix(msg, "err syntax error") ||
		strings.HasPrefix(msg, "err unknown subcommand")
}
