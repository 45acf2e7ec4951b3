package safelock

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
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

	ctx    context.Context
	cancel context.CancelCauseFunc

	mu       sync.Mutex
	ttl      time.Duration // of the last successful acquire or refresh
	timer    *time.Timer   // fires at the danger-zone deadline
	released bool
	dog      *watchdog // nil when the watchdog is off
}

// Obtain tries to acquire key for ttl, retrying as the RetryStrategy says
// (default: once) within ctx. The acquire is one round trip: a plain
// SET key token NX PX ttl without fencing, one script that also raises the
// fence counter with fencing (the default). It returns ErrNotObtained when
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
			return nil, acquireFailed(ctx, client, key, token, err)
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
	fence, err := fencedAcquireScript.Run(ctx, client, []string{key, cfg.fenceKey}, token, ttl.Milliseconds()).Int64()
	return fence, err == nil && fence > 0, err
}

// acquireFailed reports an acquire error. When the outcome is unknown (the
// context ended or the connection broke mid-call) the key may now hold our
// token with nobody to release it, so a conditional release is attempted
// (best effort: the TTL reclaims it otherwise) and the caller gets
// ErrNotObtained with the cause, as when the context ends between retries.
func acquireFailed(ctx context.Context, client Client, key, token string, err error) error {
	if !isUnknownOutcome(err) {
		return fmt.Errorf("safelock: obtain %q: %w", key, err)
	}
	cleanup, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
	defer cancel()
	_ = Release(cleanup, client, key, token)
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
	ctx, cancel := context.WithCancelCause(context.WithoutCancel(parent))
	l := &Lock{client: client, key: key, token: token, fence: fence, cfg: cfg, ctx: ctx, cancel: cancel, ttl: ttl}
	l.timer = time.AfterFunc(time.Until(sent.Add(ttl-cfg.margin)), func() { cancel(errDangerZone) })
	if cfg.watchdog {
		l.dog = startWatchdog(l, cfg.renewEvery)
	}
	return l
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

// Fence returns the fencing token of this acquisition: strictly greater than
// the fence of every earlier acquisition of the key. Send it with every write
// to the protected resource, which must reject a write whose fence is lower
// than the highest it has accepted. It is 0 without fencing or for a nil Lock.
func (l *Lock) Fence() int64 {
	if l == nil {
		return 0
	}
	return l.fence
}

// Context returns a context that is cancelled when the lease is released,
// lost (a renewal found another owner), or enters the danger zone; its cause
// (context.Cause) is ErrLeaseLost in the last two cases. Stop starting side
// effects once it is done. A nil Lock returns an already cancelled context.
func (l *Lock) Context() context.Context {
	if l == nil {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(ErrNotObtained)
		return ctx
	}
	return l.ctx
}

// TTL returns the remaining server-side TTL, or ErrNotOwner when the key no
// longer holds this lock's token.
func (l *Lock) TTL(ctx context.Context) (time.Duration, error) {
	if l == nil {
		return 0, ErrNotObtained
	}
	ms, err := pttlScript.Run(ctx, l.client, []string{l.key}, l.token).Int64()
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
	if l.ctx.Err() != nil {
		cause := context.Cause(l.ctx)
		if !errors.Is(cause, ErrLeaseLost) {
			cause = fmt.Errorf("%w: %w", ErrLeaseLost, cause)
		}
		return fmt.Errorf("safelock: refresh %q: %w", l.key, cause)
	}
	sent := time.Now()
	err := Refresh(ctx, l.client, l.key, l.token, ttl)
	if errors.Is(err, ErrNotOwner) || errors.Is(err, ErrLeaseLost) {
		l.cancel(fmt.Errorf("%w: %w", ErrLeaseLost, err))
		return err
	}
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.released && l.ctx.Err() == nil {
		l.ttl = ttl
		l.timer.Reset(time.Until(sent.Add(ttl - l.cfg.margin)))
	}
	return nil
}

// Release stops the watchdog, waits until any renewal in flight has
// finished, then deletes the key if it still holds this lock's token, and
// cancels Context. So no renewal can reach Redis after the release. Its
// errors are those of the package function Release; releasing twice gives
// ErrNotOwner without contacting Redis.
func (l *Lock) Release(ctx context.Context) error {
	if l == nil {
		return ErrNotObtained
	}
	l.mu.Lock()
	if l.released {
		l.mu.Unlock()
		return fmt.Errorf("safelock: release %q: %w: already released", l.key, ErrNotOwner)
	}
	l.released = true
	dog := l.dog
	l.timer.Stop()
	l.mu.Unlock()
	if dog != nil {
		dog.stopAndWait()
	}
	defer l.cancel(errReleased)
	return Release(ctx, l.client, l.key, l.token)
}
