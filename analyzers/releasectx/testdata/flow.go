package flow

import (
	"context"
	"errors"
	"net/http"
	"time"
)

func release(ctx context.Context) error { return nil }

type holder struct {
	ctx  context.Context
	base context.Context
}

func (h *holder) reset() {}

func selectCase(ctx context.Context, ch <-chan int) {
	select {
	case <-ctx.Done(): //@A
		release(ctx) // done: case <-ctx.Done() at @A
	case <-ch:
		release(ctx) // live
	}
	release(ctx) // live
}

func loopOnlyDone(ctx context.Context, ch <-chan int) {
loop:
	for {
		select {
		case <-ctx.Done(): //@B
			break loop
		case <-ch:
			release(ctx) // live
		}
	}
	release(ctx) // done: case <-ctx.Done() at @B
}

func receive(ctx context.Context) {
	release(ctx) // live
	<-ctx.Done() //@C
	release(ctx) // done: <-ctx.Done() at @C
	rctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	release(rctx)                         // done: <-ctx.Done() at @C from ctx
	release(context.WithoutCancel(ctx))   // live
	release(context.WithValue(ctx, 1, 2)) // done: <-ctx.Done() at @C from ctx
	ctx = context.Background()
	release(ctx) // live
}

func errCheck(ctx context.Context) {
	if ctx.Err() != nil { //@D
		release(ctx) // done: ctx.Err() != nil at @D
	}
	release(ctx)          // live
	if ctx.Err() == nil { //@E
		return
	}
	release(ctx) // done: ctx.Err() == nil is false at @E
}

func errAlias(ctx context.Context) {
	if err := ctx.Err(); errors.Is(err, context.Canceled) { //@F
		release(ctx) // done: errors.Is(err, context.Canceled) at @F, err being ctx.Err()
	}
	err := ctx.Err()
	err = errors.New("x")
	if err != nil {
		release(ctx) // live
	}
}

func otherErr(ctx context.Context, work func(context.Context) error) {
	if err := work(ctx); errors.Is(err, context.Canceled) {
		release(ctx) // live
	}
}

func notDominated(ctx context.Context) {
	if ctx.Err() != nil {
		println("gone")
	}
	release(ctx)                     // live
	if !(ctx.Err() == nil) && true { //@G
		release(ctx) // done: !(ctx.Err() == nil) && true at @G
	}
	if err := ctx.Err(); errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) { //@Q
		release(ctx) // done: errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) at @Q, err being ctx.Err()
	}
	if ctx.Err() == nil || len("x") > 0 { //@S
		return
	}
	release(ctx) // done: ctx.Err() == nil || len("x") > 0 is false at @S
}

func forCond(ctx context.Context, ch <-chan int) {
	for ctx.Err() == nil { //@H
		<-ch
	}
	release(ctx) // done: ctx.Err() == nil is false at @H
	for ctx.Err() == nil {
		if len(ch) == 0 {
			break
		}
	}
}

func doneChan(ctx context.Context, ch <-chan int) {
	done := ctx.Done()
	select {
	case <-done: //@I
		release(ctx) // done: case <-done at @I
	case <-ch:
	}
}

func switchTag(ctx context.Context) {
	switch ctx.Err() {
	case context.DeadlineExceeded: //@J
		release(ctx) // done: case context.DeadlineExceeded at @J
	case nil: //@T
		release(ctx) // live
	default:
		release(ctx) // done: switch ctx.Err() past case nil at @T
	}
}

func switchTagNil(ctx context.Context) {
	switch ctx.Err() {
	case nil: //@K
		return
	}
	release(ctx) // done: switch ctx.Err() past case nil at @K
}

func fields(h *holder) {
	<-h.ctx.Done()  //@L
	release(h.ctx)  // done: <-h.ctx.Done() at @L
	release(h.base) // live
	h.reset()
	release(h.ctx) // live
}

func request(r *http.Request) {
	<-r.Context().Done() //@M
	release(r.Context()) // done: <-r.Context().Done() at @M
}

func cause(ctx context.Context) {
	if context.Cause(ctx) != nil { //@N
		release(ctx) // done: context.Cause(ctx) != nil at @N
	}
}

func panics(ctx context.Context, ch <-chan int) {
	select {
	case <-ctx.Done(): //@O
	case <-ch:
		panic("no")
	}
	release(ctx) // done: case <-ctx.Done() at @O
}

func switchDefaultOnly(ctx context.Context) {
	switch ctx.Err() {
	case context.Canceled: //@P
		release(ctx) // done: case context.Canceled at @P
	}
}

func deferOnlyDone(ctx context.Context, ch <-chan int) {
	defer release(ctx) // done: case <-ctx.Done() at @U (deferred)
	for {
		select {
		case <-ctx.Done(): //@U
			return
		case <-ch:
		}
	}
}

func deferOtherExit(ctx context.Context, ch <-chan int) {
	defer release(ctx) // live (deferred)
	select {
	case <-ctx.Done():
	case <-ch:
	}
}

func deferReassigned(ctx context.Context) {
	defer release(ctx) // live (deferred)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	<-ctx.Done()
}

func deferClosure(ctx context.Context, ch <-chan int) {
	defer func() {
		release(ctx) // done: case <-ctx.Done() at @V (when)
	}()
	go func() {
		release(ctx) // live
		<-ctx.Done() //@W
		release(ctx) // done: <-ctx.Done() at @W
	}()
	for {
		select {
		case <-ctx.Done(): //@V
			return
		case <-ch:
		}
	}
}

func deferInLoop(ctx context.Context, chs []chan int) {
	for range chs {
		defer release(ctx) // live (deferred)
	}
	<-ctx.Done()
}

func afterFunc(ctx context.Context) func() bool {
	return context.AfterFunc(ctx, func() { //@X
		release(ctx) // done: context.AfterFunc at @X (when)
	})
}

func goReassigned(ctx context.Context) {
	go func() {
		<-ctx.Done()
		release(ctx) // live
	}()
	ctx = context.Background()
	_ = ctx
}

func closureWrites(ctx context.Context) {
	<-ctx.Done()
	reset := func() { ctx = context.Background() }
	reset()
	release(ctx) // live
}
