// Command worker reads its lock owner from its configuration.
package main

import (
	"context"
	"errors"
	"log"
	"os"
	"time"

	"github.com/redis/go-redis/v9"
)

type config struct {
	RedisAddr string
	LockOwner string
}

func loadConfig() config {
	host, _ := os.Hostname()
	return config{RedisAddr: os.Getenv("REDIS_ADDR"), LockOwner: "worker@" + host}
}

var release = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

func runOnce(ctx context.Context, rdb *redis.Client, cfg config) error {
	ok, err := rdb.SetNX(ctx, "lock:nightly", cfg.LockOwner, time.Hour).Result() // want `SetNX writes os.Hostname\(\) \(main.go:20\) as the value of lock key "lock:nightly"`
	if err != nil || !ok {
		return err
	}
	n, err := release.Run(ctx, rdb, []string{"lock:nightly"}, cfg.LockOwner).Int()
	if err == nil && n == 0 {
		return errors.New("worker: lock lost before release")
	}
	return err
}

func main() {
	cfg := loadConfig()
	rdb := redis.NewClient(&redis.Options{Addr: cfg.RedisAddr})
	if err := runOnce(context.Background(), rdb, cfg); err != nil {
		log.Fatal(err)
	}
}
