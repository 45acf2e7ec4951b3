package safelock

import (
	"time"

	"github.com/leasevet/leasevet/safelock/internal/backoff"
)

// RetryStrategy decides whether and when Obtain tries again after finding
// the key held. Backoff is called with the number of failed attempts so far
// (1 after the first) and returns the wait before the next attempt, or false
// to give up. Strategies are stateless, so one value may be shared by any
// number of goroutines. Every wait is also bounded by Obtain's context.
type RetryStrategy interface {
	Backoff(failures int) (time.Duration, bool)
}

// NoRetry gives up after the first attempt. It is the default.
func NoRetry() RetryStrategy {
	return backoff.Never()
}

// LinearBackoff retries every d until the context ends.
func LinearBackoff(d time.Duration) RetryStrategy {
	return backoff.Constant(d)
}

// ExponentialBackoff retries until the context ends, waiting a random
// duration ("full jitter") between min and a ceiling that doubles from min
// with every failure up to max. The jitter keeps waiting clients from
// retrying in lockstep.
func ExponentialBackoff(min, max time.Duration) RetryStrategy {
	return backoff.Exponential(min, max)
}

// LimitRetry stops s after at most n retries.
func LimitRetry(s RetryStrategy, n int) RetryStrategy {
	return backoff.Limit(s, n)
}
