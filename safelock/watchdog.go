package safelock

import (
	"context"
	"errors"
	"time"
)

// watchdog renews a Lock in one goroutine. stop cancels the renewal in
// flight (its outcome is then resolved by the conditional release that
// follows) and done is closed when the goroutine has returned, so Release can
// wait for it before it sends the delete.
type watchdog struct {
	stop context.CancelFunc
	done chan struct{}
}

// renewRetryFloor is the shortest wait before retrying a renewal that
// failed for a transient reason, so a dead server is not hammered.
const renewRetryFloor = 10 * time.Millisecond

func startWatchdog(l *Lock, every time.Duration) *watchdog {
	ctx, stop := context.WithCancel(context.Background())
	w := &watchdog{stop: stop, done: make(chan struct{})}
	go w.run(ctx, l, every)
	return w
}

// stopAndWait stops the renewals and returns once none can be in flight.
func (w *watchdog) stopAndWait() {
	w.stop()
	<-w.done
}

// run renews every interval; after a transient failure it retries sooner,
// and it ends when stopped, when the lease is lost, or when the Lock's
// Context is cancelled (the danger zone passed without a renewal).
func (w *watchdog) run(ctx context.Context, l *Lock, every time.Duration) {
	defer close(w.done)
	ended := l.Context().Done()
	wait := every
	for {
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-ended:
			t.Stop()
			return
		case <-t.C:
		}
		err := w.renew(ctx, l)
		switch {
		case err == nil:
			wait = every
		case errors.Is(err, ErrNotOwner) || errors.Is(err, ErrLeaseLost):
			return
		default:
			wait = max(every/4, renewRetryFloor)
		}
	}
}

// renew sends one renewal bounded by one renewal interval, so a hung
// connection cannot hold the watchdog past the next tick.
func (w *watchdog) renew(ctx context.Context, l *Lock) error {
	l.mu.Lock()
	ttl := l.ttl
	l.mu.Unlock()
	rctx, cancel := context.WithTimeout(ctx, l.cfg.renewEvery)
	defer cancel()
	return l.refresh(rctx, ttl)
}
