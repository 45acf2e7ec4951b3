// Package gozero writes weak lock values with go-zero's redis.
package gozero

import (
	"os"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/zeromicro/go-zero/core/stores/redis"
)

func LockConst(rds *redis.Redis, name string) (bool, error) {
	return rds.SetnxEx("lock:"+name, "1", 30) // want `SetnxEx writes the constant "1" \(lock.go:\d+\) as the value of lock key "lock:" \+ name`
}

func LockPid(rds *redis.Redis, name string) (bool, error) {
	return rds.SetnxEx("mutex:"+name, strconv.Itoa(os.Getpid()), 30) // want `SetnxEx writes os.Getpid\(\) \(lock.go:\d+\) as the value of lock key "mutex:" \+ name`
}

func LockUUID(rds *redis.Redis, name string) (bool, error) {
	return rds.SetnxEx("lock:ok:"+name, uuid.NewString(), 30)
}

// LockTime writes the clock.
func LockTime(rds *redis.Redis, name string) (bool, error) {
	return rds.SetnxEx("lock:time:"+name, strconv.FormatInt(time.Now().UnixNano(), 10), 30) // want `SetnxEx writes time.Now\(\) \(lock.go:\d+\) as the value of lock key "lock:time:" \+ name`
}
