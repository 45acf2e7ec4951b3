// Package backoff holds the wait schedules behind safelock's retry
// strategies: how long Obtain waits after its n-th failed attempt, and
// when it gives up.
//
// It must not know about locks, Redis or contexts: Obtain bounds every
// wait by its context itself.
package backoff

import (
	"math/rand"
	"time"
)

// Strategy has the method set of safelock.RetryStrategy, so that a
// strategy given by the caller can be limited here.
type Strategy interface {
	Backoff(failures int) (time.Duration, bool)
}

// Func is a schedule as a function of the number of failed attempts so
// far; it is stateless, so one value may be shared by any number of
// goroutines.
type Func func(failures int) (time.Duration, bool)

// Backoff returns the wait before the next attempt, or false to give up.
func (f Func) Backoff(failures int) (time.Duration, bool) { return f(failures) }

// Never gives up after the first attempt.
func Never() Func {
	return Func(func(int) (time.Duration, bool) { return 0, false })
}

// Constant waits d between attempts and never gives up.
func Constant(d time.Duration) Func {
	return Func(func(int) (time.Duration, bool) { return d, true })
}

// Exponential waits a random duration ("full jitter") between min and a
// ceiling that doubles from min with every failure up to max, and never
// gives up.
func Exponential(min, max time.Duration) Func {
	if max < min {
		max = min
	}
	return Func(func(failures int) (time.Duration, bool) {
		ceiling := max
		if failures < 62 && min<<(failures-1) > 0 && min<<(failures-1) < max {
			ceiling = min << (failures - 1)
		}
		if ceiling <= min {
			return min, true
		}
		return min + time.Duration(rand.Int63n(int64(ceiling-min)+1)), true
	})
}

// Limit gives up once s has been asked after more than n failures.
func Limit(s Strategy, n int) Func {
	return Func(func(failures int) (time.Duration, bool) {
		if failures > n {
			return 0, false
		}
		return s.Backoff(failures)
	})
}
