package safelocktest_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/anishathalye/porcupine"
	"github.com/leasevet/leasevet/internal/redistest"
	"github.com/leasevet/leasevet/safelock"
)

// lockInput is one operation on the lock; token is the caller's token
// (empty for an acquire that failed, which never learns one).
type lockInput struct {
	op    string // "acquire", "release" or "refresh"
	token string
}

// lockModel is a single-key lock with no expiry (the TTLs in the test are far
// longer than the run): the state is the holder's token, "" when free.
var lockModel = porcupine.Model{
	Init: func() interface{} { return "" },
	Step: func(state, input, output interface{}) (bool, interface{}) {
		holder, in, ok := state.(string), input.(lockInput), output.(bool)
		switch in.op {
		case "acquire":
			if ok {
				return holder == "", in.token
			}
			return holder != "", holder
		case "release":
			if ok {
				return holder == in.token, ""
			}
			return holder != in.token, holder
		case "refresh":
			return ok == (holder == in.token), holder
		}
		return false, holder
	},
	DescribeOperation: func(input, output interface{}) string {
		in := input.(lockInput)
		return fmt.Sprintf("%s(%.6s) -> %v", in.op, in.token, output)
	},
}

// history collects operations from concurrent clients with timestamps from
// one monotonic clock.
type history struct {
	mu    sync.Mutex
	start time.Time
	ops   []porcupine.Operation
}

func (h *history) now() int64 { return int64(time.Since(h.start)) }

func (h *history) add(client int, in lockInput, call int64, ok bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.ops = append(h.ops, porcupine.Operation{ClientId: client, Input: in, Call: call, Output: ok, Return: h.now()})
}

// The model must reject a history in which two clients hold the lock at once,
// or the check below could not fail.
func TestLockModel_rejectsDoubleGrant(t *testing.T) {
	bad := []porcupine.Operation{
		{ClientId: 0, Input: lockInput{"acquire", "a"}, Call: 0, Output: true, Return: 1},
		{ClientId: 1, Input: lockInput{"acquire", "b"}, Call: 2, Output: true, Return: 3},
	}
	if porcupine.CheckOperations(lockModel, bad) {
		t.Fatal("the lock model accepted two holders")
	}
}

// Fault-free runs of Obtain, Refresh and Release from concurrent clients
// (plus releases with stale tokens) must be linearizable against the lock
// model.
func TestObtain_linearizable(t *testing.T) {
	s := redistest.Start(t)
	ctx := testCtx(t)
	h := &history{start: time.Now()}
	var wg sync.WaitGroup
	for client := 0; client < 4; client++ {
		c := s.Client()
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := runLinearizabilityClient(ctx, c, client, h); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	res, info := porcupine.CheckOperationsVerbose(lockModel, h.ops, 30*time.Second)
	if res != porcupine.Ok {
		for _, part := range info.PartialLinearizationsOperations() {
			longest := part[0]
			for _, l := range part {
				if len(l) > len(longest) {
					longest = l
				}
			}
			for _, op := range longest[max(0, len(longest)-5):] {
				t.Logf("last linearized: c%d [%d, %d] %s", op.ClientId, op.Call, op.Return, lockModel.DescribeOperation(op.Input, op.Output))
			}
		}
		t.Fatalf("history of %d operations is %v", len(h.ops), res)
	}
	t.Logf("%d operations linearizable", len(h.ops))
}

// runLinearizabilityClient performs 60 random operations as one client.
func runLinearizabilityClient(ctx context.Context, c safelock.Client, id int, h *history) error {
	var (
		held  *safelock.Lock
		stale string
	)
	for i := 0; i < 60; i++ {
		call := h.now()
		switch {
		case held == nil && stale != "" && rand.IntN(3) == 0:
			err := safelock.Release(ctx, c, "lin", stale)
			if !errors.Is(err, safelock.ErrNotOwner) {
				return fmt.Errorf("release with a stale token = %v", err)
			}
			h.add(id, lockInput{"release", stale}, call, false)
		case held == nil:
			l, err := safelock.Obtain(ctx, c, "lin", time.Minute)
			if err != nil && !errors.Is(err, safelock.ErrNotObtained) {
				return err
			}
			held = l
			h.add(id, lockInput{"acquire", l.Token()}, call, err == nil)
		case rand.IntN(2) == 0:
			err := held.Refresh(ctx, time.Minute)
			if err != nil && !errors.Is(err, safelock.ErrNotOwner) {
				return err
			}
			h.add(id, lockInput{"refresh", held.Token()}, call, err == nil)
		default:
			err := held.Release(ctx)
			if err != nil && !errors.Is(err, safelock.ErrNotOwner) {
				return err
			}
			h.add(id, lockInput{"release", held.Token()}, call, err == nil)
			stale, held = held.Token(), nil
		}
	}
	if held != nil {
		call := h.now()
		if err := held.Release(ctx); err != nil {
			return err
		}
		h.add(id, lockInput{"release", held.Token()}, call, true)
	}
	return nil
}
