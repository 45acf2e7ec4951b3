// Package legacy holds locks written against redigo and go-redis v8.
package legacy

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	redisv8 "github.com/go-redis/redis/v8"
	"github.com/gomodule/redigo/redis"
)

var errNotHeld = errors.New("legacy: lock not held")

var unlock = redis.NewScript(1, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

// LockJob takes the job lock through redigo with a constant value.
func LockJob(conn redis.Conn, job string) (func() error, error) {
	key := "job-lock:" + job
	reply, err := redis.String(conn.Do("SET", key, "locked", "NX", "PX", 30000)) // want `Do\("SET"\) writes the constant "locked" \(legacy.go:22\) as the value of lock key "job-lock:" \+ job`
	if err != nil || reply != "OK" {
		return nil, err
	}
	return func() error {
		n, err := redis.Int(unlock.Do(conn, key, "locked"))
		if err == nil && n == 0 {
			err = errNotHeld
		}
		return err
	}, nil
}

// Leader elects a leader with go-redis v8, naming it by process.
type Leader struct {
	rdb *redisv8.Client
	id  string
}

func NewLeader(rdb *redisv8.Client) *Leader {
	return &Leader{rdb: rdb, id: fmt.Sprint("pid-", os.Getpid())}
}

func (l *Leader) Campaign(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, "leader-lock", l.id, 15*time.Second).Result() // want `SetNX writes os.Getpid\(\) \(legacy.go:42\) as the value of lock key "leader-lock"`
}

func (l *Leader) Resign(ctx context.Context) error {
	n, err := l.rdb.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, []string{"leader-lock"}, l.id).Int()
	if err == nil && n == 0 {
		err = errNotHeld
	}
	return err
}

// LockUntil stores the expiry time as the value, the old SETNX recipe.
func LockUntil(conn redis.Conn, name string, ttl time.Duration) (bool, error) {
	until := time.Now().Add(ttl).Unix()
	reply, err := redis.String(conn.Do("SET", "lock:"+name, until, "NX", "PX", ttl.Milliseconds())) // want `Do\("SET"\) writes time.Now\(\) \(legacy.go:59\) as the value of lock key "lock:" \+ name: two clients acquiring in the same clock tick`
	if err == redis.ErrNil {
		return false, nil
	}
	return reply == "OK", err
}

// ReleaseUntil deletes the lock only if it still holds the same expiry.
func ReleaseUntil(conn redis.Conn, name string, until int64) error {
	n, err := redis.Int(unlock.Do(conn, "lock:"+name, until))
	if err == nil && n == 0 {
		err = errNotHeld
	}
	return err
}
