// Package libs uses the lock libraries with custom values.
package libs

import (
	"context"
	"os"
	"time"

	"github.com/bsm/redislock"
	"github.com/go-redsync/redsync/v4"
	"github.com/go-redsync/redsync/v4/redis/goredis/v9"
	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

const workerName = "billing-worker"

// ObtainNamed overrides redislock's random token with a name.
func ObtainNamed(ctx context.Context, locker *redislock.Client) (*redislock.Lock, error) {
	return locker.Obtain(ctx, "billing", time.Minute, &redislock.Options{Token: workerName}) // want `redislock Obtain with Options.Token makes every acquisition write the constant "billing-worker" \(libs.go:20\) as the lock value: every client writes the same value`
}

// ObtainHost uses the host name through an options variable.
func ObtainHost(ctx context.Context, client *redis.Client) (*redislock.Lock, error) {
	host, _ := os.Hostname()
	opts := &redislock.Options{Token: host, RetryStrategy: redislock.NoRetry()}
	return redislock.Obtain(ctx, client, "reports", time.Minute, opts) // want `redislock Obtain with Options.Token makes every acquisition write os.Hostname\(\) \(libs.go:25\) as the lock value: every acquisition by this process or host writes the same value`
}

// ObtainDefault keeps redislock's random token.
func ObtainDefault(ctx context.Context, locker *redislock.Client) (*redislock.Lock, error) {
	return locker.Obtain(ctx, "billing", time.Minute, nil) // ok: default token
}

// ObtainUUID sets a unique custom token.
func ObtainUUID(ctx context.Context, locker *redislock.Client) (*redislock.Lock, error) {
	return locker.Obtain(ctx, "billing", time.Minute, &redislock.Options{Token: uuid.NewString()}) // ok
}

func pool(client *redis.Client) *redsync.Redsync {
	return redsync.New(goredis.NewPool(client))
}

// FixedValue makes every redsync mutex write the same value.
func FixedValue(client *redis.Client) *redsync.Mutex {
	return pool(client).NewMutex("orders", redsync.WithValue("orders-owner")) // want `redsync.WithValue makes every acquisition write the constant "orders-owner" \(libs.go:46\) as the lock value`
}

// HostValue generates the value from the host name on every Lock.
func HostValue(client *redis.Client) *redsync.Mutex {
	return pool(client).NewMutex("orders", redsync.WithGenValueFunc(func() (string, error) { // want `redsync.WithGenValueFunc makes every acquisition write os.Hostname\(\) \(libs.go:52\) as the lock value`
		return os.Hostname()
	}))
}

// DefaultValue keeps redsync's random value.
func DefaultValue(client *redis.Client) *redsync.Mutex {
	return pool(client).NewMutex("orders", redsync.WithExpiry(10*time.Second)) // ok
}

// UniqueGen generates a UUID per Lock.
func UniqueGen(client *redis.Client) *redsync.Mutex {
	return pool(client).NewMutex("orders", redsync.WithGenValueFunc(func() (string, error) { // ok
		return uuid.NewString(), nil
	}))
}

func ownerValue() (string, error) { return "orders-service", nil }

// NamedGen passes a named generator that returns a constant.
func NamedGen(client *redis.Client) *redsync.Mutex {
	return pool(client).NewMutex("orders", redsync.WithGenValueFunc(ownerValue)) // want `redsync.WithGenValueFunc makes every acquisition write the constant "orders-service" \(libs.go:\d+\) as the lock value`
}
