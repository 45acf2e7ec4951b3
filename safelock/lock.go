package safelock

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/leasevet/leasevet/safelock/internal/ownercmd"
)

// errDangerZone is the Context cause when the local deadline passes before a
// renewal succeeded: the key may still exist, but the holder can no longer
// be sure it will outlive the next side effect.
var errDangerZone = fmt.Errorf("%w: the danger zone before the server TTL was reached", ErrLeaseLost)

// errReleased is the Context cause after Release.
var errReleased = fmt.Errorf("%w: released", context.Canceled)

// Lock is a held lease on one key. Its methods are safe for concurrent use
// and for a nil *Lock (which holds nothing).
type Lock struct {
	client Client
	key    string
	token  string
	fence  int64
	cfg    *config
	parent context.Context // Obtain's ctx: Context inherits its values

	// releasing serializes Release calls: a second one waits for the
	// first's answer.
	releasing sync.Mutex

	mu       sync.Mutex
	ttl      time.Duration // of the last successful acquire or refresh
	deadline time.Time     // the danger zone starts here
	cause    error         // why the lease ended; nil while it is held
	released bool
	dog      *watchdog // nil when the watchdog is off

	// Context is made on its first call, with a timer for the deadline, so
	// that a lock whose holder never asks for it costs no timer: arming a
	// runtime timer can wake the network poller, a system call on the
	// acquire path.
	ctx    context.Context
	cancel context.CancelCauseFunc
	timer  *time.Timer
}

// Obtain tries to acquire key for ttl, retrying as the RetryStrategy says
// (default: once) within ctx. The acquire is one round trip: a plain
// SET key token NX PX ttl, or with WithFencing one script that also raises
// the fence counter. It returns ErrNotObtained when
// the key stayed held or ctx ended first (joined with ctx's error), and a
// server's error reply as it is. The Lock's Context inherits ctx's values
// but not its cancellation: ctx bounds the acquisition only.
func Obtain(ctx context.Context, client Client, key string, ttl time.Duration, opts ...Option) (*Lock, error) {
	if err := checkTarget(client, key); err != nil {
		return nil, fmt.Errorf("safelock: obtain: %w", err)
	}
	if err := checkTTL(ttl); err != nil {
		return nil, fmt.Errorf("safelock: obtain %q: %w", key, err)
	}
	cfg, err := newConfig(key, ttl, opts)
	if err != nil {
		return nil, fmt.Errorf("safelock: obtain %q: %w", key, err)
	}
	token := NewToken()
	for failures := 1; ; failures++ {
		sent := time.Now()
		fence, ok, err := acquire(ctx, client, cfg, key, token, ttl)
		if err != nil {
			return nil, acquireFailed(ctx, client, key, token, min(cfg.releaseBound(ttl), time.Second), err)
		}
		if ok {
			return newLock(ctx, client, cfg, key, token, fence, ttl, sent), nil
		}
		wait, again := cfg.retry.Backoff(failures)
		if !again {
			return nil, fmt.Errorf("%w: %q is held", ErrNotObtained, key)
		}
		if err := sleep(ctx, wait); err != nil {
			return nil, fmt.Errorf("%w: %q is held: %w", ErrNotObtained, key, err)
		}
	}
}

// acquire sends the one acquiring command and reports whether it set the key.
func acquire(ctx context.Context, client Client, cfg *config, key, token string, ttl time.Duration) (int64, bool, error) {
	if !cfg.fencing {
		err := client.SetArgs(ctx, key, token, redis.SetArgs{Mode: "NX", TTL: ttl}).Err()
		if errors.Is(err, redis.Nil) {
			return 0, false, nil
		}
		return 0, err == nil, err
	}
	fence, err := ownercmd.FencedAcquireScript.Run(ctx, client, []string{key, cfg.fenceKey}, token, ttl.Milliseconds()).Int64()
	return fence, err == nil && fence > 0, err
}

// acquireFailed reports an acquire error. When the outcome is unknown (the
// context ended or the connection broke mid-call) the key may now hold our
// token with nobody to release it, so a conditional release is attempted
// (best effort, within bound, which Obtain caps at 1s since its caller has
// given up: the TTL reclaims the key otherwise) and the caller gets
// ErrNotObtained with the cause, as when the context ends between retries.
func acquireFailed(ctx context.Context, client Client, key, token string, bound time.Duration, err error) error {
	if !isUnknownOutcome(err) {
		return fmt.Errorf("safelock: obtain %q: %w", key, err)
	}
	_ = release(ctx, client, key, token, bound)
	return fmt.Errorf("%w: %q: %w", ErrNotObtained, key, err)
}

// sleep waits for d or until ctx ends, without leaving a goroutine behind.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// newLock builds the held lock. The danger-zone deadline counts from sent,
// the moment before the acquire left, so time in flight shortens the local
// lease instead of extending it past the server's.
func newLock(parent context.Context, client Client, cfg *config, key, token string, fence int64, ttl time.Duration, sent time.Time) *Lock {
	l := &Lock{client: client, key: key, token: token, fence: fence, cfg: cfg, parent: parent,
		ttl: ttl, deadline: sent.Add(ttl - cfg.margin)}
	if cfg.watchdog {
		l.Context() // the watchdog stops when it ends
		l.dog = startWatchdog(l, cfg.renewEvery)
	}
	return l
}

// endedLocked reports why the lease ended as of now, or nil while it is
// held. Once the deadline has passed the danger zone is recorded as the
// cause, whether or not Context's timer has fired yet.
func (l *Lock) endedLocked(now time.Time) error {
	if l.cause == nil && !now.Before(l.deadline) {
		l.endLocked(errDangerZone, now)
	}
	return l.cause
}

// end records that the lease ended for cause at time at, unless it had
// already ended (before at, the danger zone counts first), and cancels
// Context if it was made.
func (l *Lock) end(cause error, at time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.endLocked(cause, at)
}

func (l *Lock) endLocked(cause error, at time.Time) {
	if l.cause == nil {
		if !at.Before(l.deadline) {
			cause = errDangerZone
		}
		l.cause = cause
	}
	if l.cancel != nil {
		l.timer.Stop()
		l.cancel(l.cause)
	}
}

// dangerZone is the deadline timer's function. A refresh may have moved
// the deadline since the timer was armed; endedLocked checks the current one.
func (l *Lock) dangerZone() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.endedLocked(time.Now()) == nil {
		l.timer.Reset(time.Until(l.deadline))
	}
}

// Key returns the locked key ("" for a nil Lock).
func (l *Lock) Key() string {
	if l == nil {
		return ""
	}
	return l.key
}

// Token returns the owner token stored in the key ("" for a nil Lock).
func (l *Lock) Token() string {
	if l == nil {
		return ""
	}
	return l.token
}

// Fence returns the fencing token of this acquisition and true: strictly
// greater than the fence of every earlier fenced acquisition of the key.
// Send it with every write to the protected resource, which must reject a
// write whose fence is lower than the highest it has accepted. Without
// WithFencing (and for a nil Lock) there is no fence: it returns 0, false,
// so that a resource check written as "fence >= highest" cannot be passed
// by a holder that has none (a zero would pass it against an empty store).
func (l *Lock) Fence() (int64, bool) {
	if l == nil || !l.cfg.fencing {
		return 0, false
	}
	return l.fence, true
}

// Context returns a context that is cancelled when the lease is released,
// lost (a renewal found another owner), or enters the danger zone; its cause
// (context.Cause) is ErrLeaseLost in the last two cases. Stop starting side
// effects once it is done. It carries the values of Obtain's ctx but not its
// cancellation. A nil Lock returns an already cancelled context.
func (l *Lock) Context() context.Context {
	if l == nil {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(ErrNotObtained)
		return ctx
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ctx == nil {
		parent := l.parent
		if parent == nil {
			parent = context.Background()
		}
		l.ctx, l.cancel = context.WithCancelCause(context.WithoutCancel(parent))
		l.timer = time.AfterFunc(time.Until(l.deadline), l.dangerZone)
		if cause := l.endedLocked(time.Now()); cause != nil {
			l.endLocked(cause, time.Now()) // cancel it: the lease ended before it was made
		}
	}
	return l.ctx
}

// TTL returns the remaining server-side TTL, or ErrNotOwner when the key no
// longer holds this lock's token.
func (l *Lock) TTL(ctx context.Context) (time.Duration, error) {
	if l == nil {
		return 0, ErrNotObtained
	}
	ms, err := ownercmd.PTTLScript.Run(ctx, l.client, []string{l.key}, l.token).Int64()
	if err != nil {
		return 0, fmt.Errorf("safelock: ttl %q: %w", l.key, err)
	}
	if ms == -3 {
		return 0, fmt.Errorf("safelock: ttl %q: %w", l.key, ErrNotOwner)
	}
	return time.Duration(ms) * time.Millisecond, nil
}

// Refresh extends the lease to ttl from now if this lock still owns the key
// (see the package function Refresh) and moves the danger-zone deadline. A
// refresh that finds the lease gone cancels Context. After Release, or once
// Context is cancelled, it returns ErrLeaseLost without contacting Redis.
func (l *Lock) Refresh(ctx context.Context, ttl time.Duration) error {
	if l == nil {
		return ErrNotObtained
	}
	if err := checkTTL(ttl); err != nil {
		return fmt.Errorf("safelock: refresh %q: %w", l.key, err)
	}
	if ttl <= l.cfg.margin {
		return fmt.Errorf("safelock: refresh %q: ttl %v is not above the danger-zone margin %v", l.key, ttl, l.cfg.margin)
	}
	return l.refresh(ctx, ttl)
}

// refresh is Refresh without argument checks, shared with the watchdog.
func (l *Lock) refresh(ctx context.Context, ttl time.Duration) error {
	sent := time.Now()
	l.mu.Lock()
	cause := l.endedLocked(sent)
	l.mu.Unlock()
	if cause != nil {
		if !errors.Is(cause, ErrLeaseLost) {
			cause = fmt.Errorf("%w: %w", ErrLeaseLost, cause)
		}
		return fmt.Errorf("safelock: refresh %q: %w", l.key, cause)
	}
	err := Refresh(ctx, l.client, l.key, l.token, ttl)
	if errors.Is(err, ErrNotOwner) || errors.Is(err, ErrLeaseLost) {
		l.end(fmt.Errorf("%w: %w", ErrLeaseLost, err), time.Now())
		return err
	}
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.released && l.endedLocked(time.Now()) == nil {
		l.ttl = ttl
		l.deadline = sent.Add(ttl - l.cfg.margin)
		if l.timer != nil {
			l.timer.Reset(time.Until(l.deadline))
		}
	}
	return nil
}

// Release stops the watchdog, waits until any renewal in flight has
// finished, then deletes the key if it still holds this lock's token, and
// cancels Context. So no renewal can reach Redis after the release. Its
// errors are those of the package function Release, and like it, it is
// detached from ctx's cancellation (bounded by WithReleaseTimeout), so
// defer lock.Release(ctx) frees the key even once ctx is done.
//
// A release Redis answered (nil, ErrNotOwner, ErrLeaseLost) is final:
// releasing again gives ErrNotOwner without contacting Redis. One that got
// no answer, or that the server refused to run, leaves the Lock releasable:
// Context is cancelled with ErrLeaseLost, the watchdog stays stopped, and a
// later Release sends the conditional delete again.
func (l *Lock) Release(ctx context.Context) error {
	if l == nil {
		return ErrNotObtained
	}
	l.releasing.Lock()
	defer l.releasing.Unlock()
	l.mu.Lock()
	released, dog, ttl := l.released, l.dog, l.ttl
	l.mu.Unlock()
	if released {
		return fmt.Errorf("safelock: release %q: %w: already released", l.key, ErrNotOwner)
	}
	called := time.Now()
	if dog != nil {
		dog.stopAndWait()
	}
	err := release(ctx, l.client, l.key, l.token, l.cfg.releaseBound(ttl))
	if !releaseFinal(err) {
		l.end(fmt.Errorf("%w: the release was not confirmed: %w", ErrLeaseLost, err), called)
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.released = true
	l.endLocked(errReleased, called)
	return err
}

// releaseFinal reports whether a release's result leaves nothing to
// release: the key was deleted, or Redis says it does not hold the token.
func releaseFinal(err error) bool {
	return err == nil || errors.Is(err, ErrNotOwner) || errors.Is(err, ErrLeaseLost)
}
