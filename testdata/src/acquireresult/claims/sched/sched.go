// Package sched runs shard work on the nodes that claimed it, through the
// claims package.
package sched

import (
	"context"

	"example.com/fixtures/acquireresult/claims"
)

type Scheduler struct {
	reg    *claims.Registry
	shards []string
}

// Claim claims a shard; Run later asks the registry which are ours.
func (s *Scheduler) Claim(ctx context.Context, sh string) {
	switch {
	case sh == "":
	default:
		s.reg.TryClaim(ctx, sh) // ok: TryClaim records its answer
	}
}

func (s *Scheduler) Run(ctx context.Context, work func(string)) {
	for _, sh := range s.shards {
		if s.reg.Owned(sh) {
			work(sh)
		}
	}
}

// RunOne runs a shard's work whether or not the claim succeeded.
func (s *Scheduler) RunOne(ctx context.Context, sh string, work func(string)) {
	s.reg.TryClaim(ctx, sh) // want `TryClaim \(SET NX at claims.go:34\) acquires lock key`
	work(sh)
	_ = s.reg.Release(ctx, sh)
}

// Drain takes shards for their leases; a nil lease is skipped.
func (s *Scheduler) Drain(ctx context.Context, work func(string)) {
	for _, sh := range s.shards {
		if l := s.reg.Take(ctx, sh); l != nil {
			work(l.Shard)
		}
	}
	s.reg.TakeAll(ctx, s.shards, work) // ok: a report
}
