// Command worker2 reads its lock owner from a JSON file: the decoder may
// set the field to anything, so the literal default is not the value.
package main

import (
	"context"
	"encoding/json"
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

var release = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

func loadConfig(path string) (config, error) {
	cfg := config{RedisAddr: "localhost:6379", LockOwner: "worker"}
	data, err := os.ReadFile(path)
	if err != nil {
		return cfg, err
	}
	err = json.Unmarshal(data, &cfg)
	return cfg, err
}

func runOnce(ctx context.Context, rdb *redis.Client, cfg config) error {
	ok, err := rdb.SetNX(ctx, "lock:nightly", cfg.LockOwner, time.Hour).Result() // ok: decoded from the file
	if err != nil || !ok {
		return err
	}
	n, err := release.Run(ctx, rdb, []string{"lock:nightly"}, cfg.LockOwner).Int()
	if err == nil && n == 0 {
		return errors.New("worker2: lock lost before release")
	}
	return err
}

func main() {
	cfg, err := loadConfig("worker.json")
	if err != nil {
		log.Fatal(err)
	}
	rdb := redis.NewClient(&redis.Options{Addr: cfg.RedisAddr})
	if err := runOnce(context.Background(), rdb, cfg); err != nil {
		log.Fatal(err)
	}
}
