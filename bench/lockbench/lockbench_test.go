package lockbench

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bsm/redislock"
	"github.com/go-redsync/redsync/v4"
	"github.com/go-redsync/redsync/v4/redis/goredis/v9"
	"github.com/leasevet/leasevet/internal/redistest"
	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

const ttl = 10 * time.Second

// pairFunc acquires key once (no retry) and, if it got it, releases it. It
// reports whether it got the lock.
type pairFunc func(ctx context.Context, key string) (bool, error)

// impl builds one lock implementation's pair on a client.
type impl struct {
	name string
	make func(c *redis.Client) pairFunc
}

// rawRelease is the textbook compare-and-delete, sent by SHA.
var rawRelease = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0`)

var impls = []impl{
	{"raw", func(c *redis.Client) pairFunc {
		return func(ctx context.Context, key string) (bool, error) {
			tok := safelock.NewToken()
			err := c.SetArgs(ctx, key, tok, redis.SetArgs{Mode: "NX", TTL: ttl}).Err()
			if errors.Is(err, redis.Nil) {
				return false, nil
			}
			if err != nil {
				return false, err
			}
			return true, rawRelease.Run(ctx, c, []string{key}, tok).Err()
		}
	}},
	{"safelock", safelockPair()},
	{"safelock-fenced", safelockPair(safelock.WithFencing())},
	{"bsm-redislock", func(c *redis.Client) pairFunc {
		locker := redislock.New(c)
		return func(ctx context.Context, key string) (bool, error) {
			l, err := locker.Obtain(ctx, key, ttl, nil)
			if errors.Is(err, redislock.ErrNotObtained) {
				return false, nil
			}
			if err != nil {
				return false, err
			}
			return true, l.Release(ctx)
		}
	}},
	{"redsync", func(c *redis.Client) pairFunc {
		rs := redsync.New(goredis.NewPool(c))
		return func(ctx context.Context, key string) (bool, error) {
			m := rs.NewMutex(key, redsync.WithExpiry(ttl), redsync.WithTries(1))
			err := m.LockContext(ctx)
			var taken *redsync.ErrTaken
			if errors.As(err, &taken) || errors.Is(err, redsync.ErrFailed) {
				return false, nil
			}
			if err != nil {
				return false, err
			}
			_, err = m.UnlockContext(ctx)
			return true, err
		}
	}},
}

func safelockPair(opts ...safelock.Option) func(c *redis.Client) pairFunc {
	return func(c *redis.Client) pairFunc {
		return func(ctx context.Context, key string) (bool, error) {
			l, err := safelock.Obtain(ctx, c, key, ttl, opts...)
			if errors.Is(err, safelock.ErrNotObtained) {
				return false, nil
			}
			if err != nil {
				return false, err
			}
			return true, l.Release(ctx)
		}
	}
}

// counter is a go-redis hook counting the commands the client sends.
type counter struct{ n atomic.Int64 }

func (h *counter) DialHook(next redis.DialHook) redis.DialHook { return next }
func (h *counter) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if !isHandshake(cmd.Name()) {
			h.n.Add(1)
		}
		return next(ctx, cmd)
	}
}
func (h *counter) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		h.n.Add(1)
		return next(ctx, cmds)
	}
}

// isHandshake reports whether name is a command go-redis sends when it opens
// a connection (HELLO, CLIENT ...): connection setup, not lock traffic.
func isHandshake(name string) bool {
	return name == "hello" || name == "client"
}

// serverCalls sums the calls of every command in INFO commandstats except
// INFO itself and connection handshakes.
func serverCalls(b *testing.B, c *redis.Client) int64 {
	b.Helper()
	info, err := c.Info(context.Background(), "commandstats").Result()
	if err != nil {
		b.Fatal(err)
	}
	var total int64
	for _, line := range strings.Split(info, "\n") {
		name, rest, ok := strings.Cut(strings.TrimSpace(line), ":calls=")
		if !ok || name == "cmdstat_info" || isHandshake(strings.TrimPrefix(name, "cmdstat_")) ||
			strings.HasPrefix(name, "cmdstat_client|") {
			continue
		}
		n, err := strconv.ParseInt(rest[:strings.IndexByte(rest, ',')], 10, 64)
		if err != nil {
			b.Fatalf("commandstats line %q: %v", line, err)
		}
		total += n
	}
	return total
}

// setup returns a measured client (with the hook) and a plain one for INFO,
// and warms the measured client up (connections, script cache, native
// command probe) outside the timed region.
func setup(b *testing.B, s *redistest.Server, im impl) (pairFunc, *counter, *redis.Client) {
	b.Helper()
	c := s.ClientWith(func(o *redis.Options) { o.PoolSize = 64 })
	hook := &counter{}
	c.AddHook(hook)
	pair := im.make(c)
	for i := 0; i < 3; i++ {
		if _, err := pair(context.Background(), "warmup"); err != nil {
			b.Fatalf("%s warm-up: %v", im.name, err)
		}
	}
	hook.n.Store(0)
	return pair, hook, s.Client()
}

// report adds the per-pair metrics.
func report(b *testing.B, hook *counter, sent int64, before, after int64, acquired int64, elapsed time.Duration) {
	b.ReportMetric(float64(hook.n.Load()-sent)/float64(b.N), "rtt/op")
	b.ReportMetric(float64(after-before)/float64(b.N), "srvcmds/op")
	if acquired >= 0 {
		b.ReportMetric(float64(acquired)/elapsed.Seconds(), "acquired/s")
	}
}

// BenchmarkUncontended measures acquire+release pairs on keys nobody else
// uses, at 1 and 32 goroutines.
func BenchmarkUncontended(b *testing.B) {
	s := redistest.Start(b)
	for _, goroutines := range []int{1, 32} {
		for _, im := range impls {
			b.Run(fmt.Sprintf("%s/g=%d", im.name, goroutines), func(b *testing.B) {
				pair, hook, info := setup(b, s, im)
				before := serverCalls(b, info)
				var worker atomic.Int64
				b.ResetTimer()
				run(b, goroutines, func(next func() bool) {
					key := "uncontended:" + strconv.FormatInt(worker.Add(1), 10)
					for next() {
						if ok, err := pair(context.Background(), key); err != nil || !ok {
							b.Errorf("%s: got %v, %v on an uncontended key", im.name, ok, err)
							return
						}
					}
				})
				b.StopTimer()
				report(b, hook, 0, before, serverCalls(b, info), -1, 0)
			})
		}
	}
}

// BenchmarkContended has 32 goroutines try (once, no retry) to take one key
// and release it when they get it.
func BenchmarkContended(b *testing.B) {
	s := redistest.Start(b)
	for _, im := range impls {
		b.Run(im.name+"/g=32", func(b *testing.B) {
			pair, hook, info := setup(b, s, im)
			before := serverCalls(b, info)
			var acquired atomic.Int64
			start := time.Now()
			b.ResetTimer()
			run(b, 32, func(next func() bool) {
				for next() {
					ok, err := pair(context.Background(), "contended")
					if err != nil {
						b.Errorf("%s: %v", im.name, err)
						return
					}
					if ok {
						acquired.Add(1)
					}
				}
			})
			b.StopTimer()
			report(b, hook, 0, before, serverCalls(b, info), acquired.Load(), time.Since(start))
		})
	}
}

// run runs body on the requested number of goroutines; body loops while
// next reports true. One goroutine is a plain loop; more use RunParallel,
// which starts parallelism*GOMAXPROCS goroutines.
func run(b *testing.B, goroutines int, body func(next func() bool)) {
	if goroutines == 1 {
		i := 0
		body(func() bool { i++; return i <= b.N })
		return
	}
	procs := runtime.GOMAXPROCS(0)
	b.SetParallelism((goroutines + procs - 1) / procs)
	b.RunParallel(func(pb *testing.PB) { body(pb.Next) })
}
