package safelock

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Option configures Obtain.
type Option func(*config)

type config struct {
	retry          RetryStrategy
	watchdog       bool
	fencing        bool
	fenceKey       string
	margin         time.Duration
	marginSet      bool
	renewEvery     time.Duration
	releaseTimeout time.Duration
}

// DefaultReleaseTimeout bounds the package function Release, and
// Lock.Release without WithReleaseTimeout.
const DefaultReleaseTimeout = 5 * time.Second

// WithRetry sets how Obtain retries while the key is held (default NoRetry).
func WithRetry(s RetryStrategy) Option {
	return func(c *config) { c.retry = s }
}

// WithWatchdog renews the lease in the background every ttl/3 until Release
// or until a renewal finds the lease gone. A renewal that fails for a
// transient reason is retried; if none succeeds before the danger zone the
// Lock's Context is cancelled.
func WithWatchdog() Option {
	return func(c *config) { c.watchdog = true }
}

// WithFencing makes the acquisition issue a fencing token, Lock.Fence:
// strictly greater for every new acquisition of the key. The acquire becomes
// one script that sets the key and raises a fence counter kept in a second
// key in the same cluster slot (see WithFenceKey); the counter key expires
// the lock's ttl after the server clock has passed its value (see the
// package documentation). Without fencing the acquire is one plain SET NX
// PX and Fence returns 0, false.
func WithFencing() Option {
	return func(c *config) { c.fencing = true }
}

// WithFenceKey turns fencing on with key as the fence counter. It must hash
// to the lock key's cluster slot (share its {hash tag}). Without it,
// WithFencing uses the lock key with ":fence" appended, inside a hash tag if
// the lock key has none.
func WithFenceKey(key string) Option {
	return func(c *config) { c.fencing, c.fenceKey = true, key }
}

// WithDangerZone sets the safety margin: Context is cancelled at
// (time before the acquire or last refresh was sent) + ttl - margin, so the
// work stops before the server can expire the key even if the request spent
// time in flight or the clocks run at slightly different rates. The default
// is ttl/10; it must be below the ttl.
func WithDangerZone(margin time.Duration) Option {
	return func(c *config) { c.margin, c.marginSet = margin, true }
}

// WithReleaseTimeout bounds the Lock's Release, read-back and re-send
// included, at d (default DefaultReleaseTimeout), and never above the
// lease's ttl. The caller's context does not shorten it: a release is
// detached from it (see Lock.Release). d must be positive.
func WithReleaseTimeout(d time.Duration) Option {
	return func(c *config) { c.releaseTimeout = d }
}

// newConfig applies opts and validates them against key and ttl.
func newConfig(key string, ttl time.Duration, opts []Option) (*config, error) {
	c := &config{retry: NoRetry(), releaseTimeout: DefaultReleaseTimeout}
	for _, o := range opts {
		if o != nil {
			o(c)
		}
	}
	if c.retry == nil {
		c.retry = NoRetry()
	}
	if !c.marginSet {
		c.margin = ttl / 10
	}
	if c.margin < 0 || c.margin >= ttl {
		return nil, fmt.Errorf("danger-zone margin %v must be in [0, ttl %v)", c.margin, ttl)
	}
	if c.releaseTimeout <= 0 {
		return nil, fmt.Errorf("release timeout %v must be positive", c.releaseTimeout)
	}
	c.renewEvery = ttl / 3
	if c.fencing && c.fenceKey == "" {
		k, err := defaultFenceKey(key)
		if err != nil {
			return nil, err
		}
		c.fenceKey = k
	}
	return c, nil
}

// releaseBound is how long a release of a lease of ttl may take.
func (c *config) releaseBound(ttl time.Duration) time.Duration {
	return min(c.releaseTimeout, ttl)
}

// defaultFenceKey derives a fence counter key in the same cluster slot as
// key. Redis Cluster hashes only the first non-empty {...} section of a key
// when there is one; appending to a key keeps that section, and wrapping a
// key without one in braces makes the braces' content (the whole key) the
// hashed part. A key with a '}' but no valid tag cannot be wrapped that way.
func defaultFenceKey(key string) (string, error) {
	if hasHashTag(key) {
		return key + ":fence", nil
	}
	if strings.Contains(key, "}") {
		return "", errors.New("cannot derive a fence key in the same cluster slot as " +
			fmt.Sprintf("%q: name one with WithFenceKey", key))
	}
	return "{" + key + "}:fence", nil
}

// hasHashTag reports whether key has a non-empty {...} section, the part
// Redis Cluster hashes.
func hasHashTag(key string) bool {
	open := strings.IndexByte(key, '{')
	if open < 0 {
		return false
	}
	closing := strings.IndexByte(key[open+1:], '}')
	return closing > 0
}
