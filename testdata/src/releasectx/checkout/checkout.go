// Package checkout holds an order's lock (bsm/redislock) for the length
// of an HTTP request, with the request's context.
package checkout

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"

	"github.com/bsm/redislock"
	"github.com/leasevet/leasevet/safelock"
	"github.com/redis/go-redis/v9"
)

// Server charges orders; one payment per order at a time.
type Server struct {
	locker *redislock.Client
	rdb    *redis.Client
	base   context.Context // the server's own context, ended at shutdown
	charge func(ctx context.Context, order string) <-chan error
	refund func(ctx context.Context, order string) error
}

func New(rdb *redis.Client, base context.Context) *Server {
	return &Server{locker: redislock.New(rdb), rdb: rdb, base: base}
}

func orderKey(r *http.Request) string { return "lock:order:" + r.URL.Query().Get("order") }

// Pay waits for the charge or for the client to go away.
func (s *Server) Pay(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	lock, err := s.locker.Obtain(ctx, orderKey(r), 30*time.Second, nil)
	if err != nil {
		http.Error(w, "order is busy", http.StatusConflict)
		return
	}
	select {
	case err := <-s.charge(ctx, lock.Key()):
		if rerr := lock.Release(ctx); rerr != nil { // ok: ctx is not shown done on this path
			log.Printf("checkout: release %s: %v", lock.Key(), rerr)
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusPaymentRequired)
		}
	case <-ctx.Done():
		if err := lock.Release(ctx); err != nil { // want `redislock Release is sent with ctx, which is done here \(case <-ctx.Done\(\) at checkout.go:48\): go-redis fails a command whose context is done before sending it, so the lock stays held until its TTL expires and other clients wait for it; release with context.WithoutCancel\(ctx\) under a short timeout`
			log.Printf("checkout: release %s: %v", lock.Key(), err)
		}
	}
}

// Refund checks the request's context once the refund returns.
func (s *Server) Refund(ctx context.Context, order string) error {
	lock, err := s.locker.Obtain(ctx, "lock:order:"+order, 30*time.Second, nil)
	if err != nil {
		return err
	}
	rerr := s.refund(ctx, order)
	if ctx.Err() != nil {
		return errors.Join(ctx.Err(), lock.Release(ctx)) // want `redislock Release is sent with ctx, which is done here \(ctx.Err\(\) != nil at checkout.go:62\): go-redis fails`
	}
	return errors.Join(rerr, lock.Release(ctx)) // ok: the branch that saw ctx done returned
}

// Cancel tells a cancellation from a deadline, on ctx's own error.
func (s *Server) Cancel(ctx context.Context, order string) error {
	lock, err := s.locker.Obtain(ctx, "lock:order:"+order, 30*time.Second, nil)
	if err != nil {
		return err
	}
	if err := s.refund(ctx, order); err != nil {
		if errors.Is(err, context.Canceled) {
			return errors.Join(err, lock.Release(ctx)) // ok: the error may come from a context the callee made
		}
		return errors.Join(err, lock.Release(ctx)) // ok
	}
	if err := ctx.Err(); errors.Is(err, context.Canceled) {
		return errors.Join(err, lock.Release(ctx)) // want `redislock Release is sent with ctx, which is done here \(errors.Is\(err, context.Canceled\) at checkout.go:80, err being ctx.Err\(\)\): go-redis fails`
	}
	return lock.Release(ctx) // ok
}

// Hold keeps a lock for one request: the deferred release runs after the
// normal return too, where ctx is not done.
func (s *Server) Hold(ctx context.Context, order string, done <-chan struct{}) (err error) {
	lock, err := s.locker.Obtain(ctx, "lock:order:"+order, 30*time.Second, nil)
	if err != nil {
		return err
	}
	defer func() {
		err = errors.Join(err, lock.Release(ctx)) // ok: a plain deferred release with the request's context
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Detached releases in the done case with contexts of their own.
func (s *Server) Detached(ctx context.Context, order string, done <-chan struct{}) error {
	lock, err := s.locker.Obtain(ctx, "lock:order:"+order, 30*time.Second, nil)
	if err != nil {
		return err
	}
	select {
	case <-done:
		return lock.Release(ctx)
	case <-ctx.Done():
	}
	if err := lock.Release(context.WithoutCancel(ctx)); err != nil { // ok: detached
		return err
	}
	bg, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := lock.Release(bg); err != nil { // ok: a fresh context
		return err
	}
	if err := lock.Release(s.base); err != nil { // ok: another context
		return err
	}
	rctx, cancel2 := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
	defer cancel2()
	return lock.Release(rctx) // ok: derived from a detached context
}

// Retimed derives a timeout from the done context: the child is done too.
func (s *Server) Retimed(ctx context.Context, order string) error {
	lock, err := s.locker.Obtain(ctx, "lock:order:"+order, 30*time.Second, nil)
	if err != nil {
		return err
	}
	<-ctx.Done()
	rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return lock.Release(rctx) // want `redislock Release is sent with rctx, derived from ctx, which is done here \(<-ctx.Done\(\) at checkout.go:137\): go-redis fails`
}

// Reassigned replaces ctx before the release.
func (s *Server) Reassigned(ctx context.Context, order string) error {
	lock, err := s.locker.Obtain(ctx, "lock:order:"+order, 30*time.Second, nil)
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		ctx = context.WithoutCancel(ctx)
		return lock.Release(ctx) // ok: ctx is another context now
	}
	return lock.Release(ctx)
}

// NotDominated logs a cancellation and goes on either way.
func (s *Server) NotDominated(ctx context.Context, order string, done <-chan struct{}) error {
	lock, err := s.locker.Obtain(ctx, "lock:order:"+order, 30*time.Second, nil)
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		log.Printf("checkout: %s: client gone", order)
	}
	select {
	case <-done:
	case <-ctx.Done():
	}
	return lock.Release(ctx) // ok: reached whether or not ctx is done
}

// Extend keeps the lock while a partial result is saved, with a done
// context: a renewal that is never sent.
func (s *Server) Extend(ctx context.Context, order string, save func() error) error {
	lock, err := s.locker.Obtain(ctx, "lock:order:"+order, 30*time.Second, nil)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		if rerr := lock.Refresh(ctx, 10*time.Second, nil); rerr != nil { // want `redislock Refresh is sent with ctx, which is done here \(err != nil at checkout.go:179, err being ctx.Err\(\)\): go-redis fails a command whose context is done before sending it, so the lock is not extended; renew with a context that is still live, or release the lock if the work is over`
			return errors.Join(err, rerr)
		}
		return errors.Join(err, save(), lock.Release(context.WithoutCancel(ctx)))
	}
	return errors.Join(save(), lock.Release(ctx))
}

// WithSafelock: safelock's Lock.Release detaches itself; its Refresh
// does not.
func (s *Server) WithSafelock(ctx context.Context, order string, save func() error) error {
	lock, err := safelock.Obtain(ctx, s.rdb, "lock:order:"+order, 30*time.Second)
	if err != nil {
		return err
	}
	<-ctx.Done()
	if err := lock.Refresh(ctx, 10*time.Second); err != nil { // want `safelock Refresh is sent with ctx, which is done here \(<-ctx.Done\(\) at checkout.go:195\): go-redis fails a command whose context is done before sending it, so the lock is not extended`
		return errors.Join(err, lock.Release(ctx)) // ok: detaches from ctx
	}
	return errors.Join(save(), lock.Release(ctx)) // ok: detaches from ctx
}

// Unlock is a release by token, with safelock's function.
func (s *Server) Unlock(ctx context.Context, order, token string) error {
	if ctx.Err() != nil {
		return safelock.Release(ctx, s.rdb, "lock:order:"+order, token) // ok: detaches from ctx
	}
	return safelock.Release(ctx, s.rdb, "lock:order:"+order, token)
}
