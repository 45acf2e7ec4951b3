package safelocktest_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/leasevet/leasevet/safelock"
)

// holder is one acquisition as the test saw it: when it started asking and
// when it got the lock. A holder that got the lock before another one even
// started asking was certainly granted first.
type holder struct {
	id    int
	lock  *safelock.Lock
	fence int64 // the lock's fence, kept apart so the oracle can be tested without Redis
	asked time.Time
	got   time.Time
}

// fencedStore is the protected resource: it rejects a write whose fence is
// lower than the highest it accepted (the rule safelock documents). It also
// judges every accepted write against the ground truth of acquisition times,
// independent of the fences: a write is stale if the store had already
// accepted a write from a holder that started asking only after this writer
// held the lock (a later lease), or if its fence equals another holder's
// accepted fence. With correct fences that count stays zero in every fault.
type fencedStore struct {
	mu        sync.Mutex
	highest   int64
	newestAsk time.Time     // latest asked-time among accepted writers
	fenceOf   map[int64]int // fence -> holder id of its accepted writes
	accepted  int
	rejected  int
	stale     int
}

func newFencedStore() *fencedStore { return &fencedStore{fenceOf: map[int64]int{}} }

// write applies the fence rule and reports whether the write was accepted.
func (s *fencedStore) write(h *holder) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := h.fence
	if f < s.highest {
		s.rejected++
		return false
	}
	if s.newestAsk.After(h.got) {
		s.stale++
	}
	if id, seen := s.fenceOf[f]; seen && id != h.id {
		s.stale++
	}
	s.fenceOf[f] = h.id
	s.highest = f
	if h.asked.After(s.newestAsk) {
		s.newestAsk = h.asked
	}
	s.accepted++
	return true
}

func (s *fencedStore) counts() (accepted, rejected, stale int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.accepted, s.rejected, s.stale
}

// obtainHolder obtains key with fencing and records the acquisition's time window.
func obtainHolder(ctx context.Context, c safelock.Client, id int, key string, ttl time.Duration, opts ...safelock.Option) (*holder, error) {
	asked := time.Now()
	l, err := safelock.Obtain(ctx, c, key, ttl, append([]safelock.Option{safelock.WithFencing()}, opts...)...)
	if err != nil {
		return nil, err
	}
	fence, fenced := l.Fence()
	if !fenced {
		return nil, errors.New("a lock obtained WithFencing has no fence")
	}
	return &holder{id: id, lock: l, fence: fence, asked: asked, got: time.Now()}, nil
}

// The oracle must be able to fail: equal fences from two holders, or a write
// from an older lease after a newer lease wrote, are counted as stale.
func TestFencedStore_detectsStaleWrites(t *testing.T) {
	t0 := time.Now()
	old := &holder{id: 1, fence: 5, asked: t0, got: t0.Add(time.Millisecond)}
	newer := &holder{id: 2, fence: 5, asked: t0.Add(2 * time.Millisecond), got: t0.Add(3 * time.Millisecond)}
	s := newFencedStore()
	s.write(newer)
	s.write(old)
	if _, _, stale := s.counts(); stale == 0 {
		t.Fatal("a reused fence let an older lease write after a newer one, undetected")
	}
}
