// Package pidhelpers names the holder of its locks by process and
// goroutine, formatted by helpers of its own: the value is produced in
// their bodies, so the fix replaces the call that the constructor stores,
// when no other code of the package calls them.
package pidhelpers

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrNotHeld = errors.New("pidhelpers: lock not held")

const unlockLua = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`

// Lock is a lock on one key, its holder named at construction.
type Lock struct {
	key   string
	token string
	rdb   *redis.Client
}

func NewLock(key string, rdb *redis.Client) *Lock {
	return &Lock{key: key, token: holderID(), rdb: rdb}
}

func currentPid() string { return strconv.Itoa(os.Getpid()) }

func currentGoroutine() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	return strings.Fields(string(buf))[1]
}

func holderID() string { return fmt.Sprintf("%s_%s", currentPid(), currentGoroutine()) }

func (l *Lock) TryLock(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, 30*time.Second).Result() // want `SetNX writes os.Getpid\(\) \(pidhelpers.go:\d+\) combined only with the goroutine id read from runtime.Stack\(\) as the value of lock key l.key`
}

func (l *Lock) Unlock(ctx context.Context) error {
	n, err := l.rdb.Eval(ctx, unlockLua, []string{l.key}, l.token).Int64()
	if err != nil {
		return err
	}
	if n != 1 {
		return ErrNotHeld
	}
	return nil
}
