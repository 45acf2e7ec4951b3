package safelock

import (
	"math/rand"
	"time"
)

// RetryStrategy decides whether and when Obtain tries again after finding
// the key held. Backoff is called with the number of failed attempts so far
// (1 after the first) and returns the wait before the next attempt, or false
// to give up. Strategies are stateless, so one value may be shared by any
// number of goroutines. Every wait is also bounded by Obtain's context.
type RetryStrategy interface {
	Backoff(failures int) (time.Duration, bool)
}

type retryFunc func(failures int) (time.Duration, bool)

func (f retryFunc) Backoff(failures int) (time.Duration, bool) { return f(failures) }

// NoRetry gives up after the first attempt. It is the default.
func NoRetry() RetryStrategy {
	return retryFunc(func(int) (time.Duration, bool) { return 0, false })
}

// LinearBackoff retries every d until the context ends.
func LinearBackoff(d time.Duration) RetryStrategy {
	return retryFunc(func(int) (time.Duration, bool) { return d, true })
}

// ExponentialBackoff retries until the context ends, waiting a random
// duration ("full jitter") between min and a ceiling that doubles from min
// with every failure up to max. The jitter keeps waiting clients from
// retrying in lockstep.
func ExponentialBackoff(min, max time.Duration) RetryStrategy {
	if max < min {
		max = min
	}
	return retryFunc(func(failures int) (time.Duration, bool) {
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

// LimitRetry stops s after at most n retries.
func LimitRetry(s RetryStrategy, n int) RetryStrategy {
	return retryFunc(func(failures int) (time.Duration, bool) {
		if failures > n {
			return 0, false
		}
		return s.Backoff(failures)
	})
}
