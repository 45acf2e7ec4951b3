package lazytoken

import (
	"context"
	"os"
	"strconv"
	"time"

	"github.com/google/uuid"
)

// unset names the zero value the guards below test: a test against it is
// a test against "" written inline.
var unset = ""

var hostToken string

func hostTokenOnce() string {
	if hostToken == unset {
		h, _ := os.Hostname()
		hostToken = h + "-" + strconv.Itoa(os.Getpid())
	}
	return hostToken
}

func (s *Scheduler) TryLockHost(ctx context.Context) (bool, error) {
	return s.rdb.SetNX(ctx, s.key+":host", hostTokenOnce(), time.Minute).Result() // want `SetNX writes package variable hostToken \(set once, on first use\) \(held.go:\d+\) as the value of lock key s.key \+ ":host"`
}

func (s *Scheduler) UnlockHost(ctx context.Context) error {
	return s.release(ctx, hostTokenOnce())
}

var seq int64

func drawSeq() int64 {
	none := int64(0)
	if seq == none {
		seq = time.Now().UnixNano()
	}
	return seq
}

func (s *Scheduler) TryLockSeq(ctx context.Context) (bool, error) {
	return s.rdb.SetNX(ctx, s.key+":seq", drawSeq(), time.Minute).Result() // want `SetNX writes package variable seq \(set once, on first use\) \(held.go:\d+\) as the value of lock key s.key \+ ":seq"`
}

func (s *Scheduler) UnlockSeq(ctx context.Context) error {
	return s.release(ctx, strconv.FormatInt(drawSeq(), 10))
}

// current is compared with last, which the release changes: the guard
// is no zero test, and the token drawn under it is drawn again after
// every release.
var current, last string

func drawCurrent() string {
	if current == last {
		current = uuid.NewString()
	}
	return current
}

func (s *Scheduler) TryLockCurrent(ctx context.Context) (bool, error) {
	return s.rdb.SetNX(ctx, s.key+":current", drawCurrent(), time.Minute).Result()
}

func (s *Scheduler) UnlockCurrent(ctx context.Context) error {
	err := s.release(ctx, current)
	last = current
	return err
}
