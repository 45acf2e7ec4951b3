package ctorlock

import (
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// LockReport locks a day's report. Every construction of a Lock in the
// package stamps it with the clock, so the acquire writes a clock
// reading.
func LockReport(rdb *redis.Client, day string) *Lock {
	return newLock(rdb, "lock:report:"+day, strconv.FormatInt(time.Now().UnixNano(), 10))
}

func LockExport(rdb *redis.Client, name string) *Lock {
	stamp := fmt.Sprint(time.Now().Unix())
	return newLock(rdb, "lock:export:"+name, stamp)
}
