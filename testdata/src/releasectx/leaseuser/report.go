// Package leaseuser builds reports under leases of package leases,
// releasing them when the request ends.
package leaseuser

import (
	"context"
	"errors"
	"net/http"
	"time"

	"example.com/fixtures/releasectx/leases"
	"github.com/redis/go-redis/v9"
)

type Reports struct {
	rdb   *redis.Client
	build func(ctx context.Context, id string) error
}

// Build gives up when the client does, and releases its lease then.
func (rp *Reports) Build(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	lease, err := leases.Take(r.Context(), rp.rdb, "report:"+id, time.Minute)
	if err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	done := make(chan error, 1)
	go func() { done <- rp.build(r.Context(), id) }()
	select {
	case err := <-done:
		err = errors.Join(err, lease.Release(r.Context())) // ok: not shown done here
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	case <-r.Context().Done():
		if err := lease.Release(r.Context()); err != nil { // want `Release \(EVAL at leases.go:51\) sends its owner-checked release with r.Context\(\), which is done here \(case <-r.Context\(\).Done\(\) at report.go:36\): go-redis fails`
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
}

// Refresh renews a lease after its context ended: never sent.
func (rp *Reports) Refresh(ctx context.Context, lease *leases.Lease) error {
	if context.Cause(ctx) != nil {
		return errors.Join(context.Cause(ctx), lease.Renew(ctx, time.Minute)) // want `Renew \(EVAL at leases.go:63\) sends its owner-checked renewal with ctx, which is done here \(context.Cause\(ctx\) != nil at report.go:45\): go-redis fails a command whose context is done before sending it, so the lock is not extended`
	}
	return lease.Renew(ctx, time.Minute)
}

// Abandon releases with the library's detaching call.
func (rp *Reports) Abandon(ctx context.Context, lease *leases.Lease) error {
	<-ctx.Done()
	return lease.ReleaseDetached(ctx) // ok: the wrapper detaches
}
