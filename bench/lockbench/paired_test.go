package lockbench

import (
	"context"
	"fmt"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/leasevet/leasevet/internal/redistest"
)

// BenchmarkPaired runs each implementation's acquire+release pair and the raw
// pair alternately, op by op, in the same goroutines, and reports the mean
// latency of each and their ratio. On a shared machine the load changes
// from one second to the next; pairing op by op makes both sides see the
// same load, so the ratio is far steadier than ns/op of separate runs. It
// runs one goroutine: with 32 goroutines on a small machine each pair's
// latency is mostly queueing, shared by both sides, and the ratio says
// little (BenchmarkUncontended measures that case by throughput).
func BenchmarkPaired(b *testing.B) {
	s := redistest.Start(b)
	raw := impls[0]
	const goroutines = 1
	for _, im := range impls[1:] {
		b.Run(fmt.Sprintf("%s-vs-raw/g=%d", im.name, goroutines), func(b *testing.B) {
			rawPair, _, _ := setup(b, s, raw)
			pair, _, _ := setup(b, s, im)
			var rawNs, implNs, worker atomic.Int64
			b.ResetTimer()
			run(b, goroutines, func(next func() bool) {
				key := "paired:" + strconv.FormatInt(worker.Add(1), 10)
				for i := 0; next(); i++ {
					r, m := timePairs(b, rawPair, pair, key, i%2 == 0)
					rawNs.Add(int64(r))
					implNs.Add(int64(m))
				}
			})
			b.StopTimer()
			b.ReportMetric(float64(rawNs.Load())/float64(b.N)/1e3, "raw-µs/pair")
			b.ReportMetric(float64(implNs.Load())/float64(b.N)/1e3, "impl-µs/pair")
			b.ReportMetric(float64(implNs.Load())/float64(rawNs.Load()), "impl/raw")
		})
	}
}

// timePairs runs one raw pair and one pair of the implementation on key, in
// the order given, and returns how long each took.
func timePairs(b *testing.B, rawPair, pair pairFunc, key string, rawFirst bool) (rawTook, implTook time.Duration) {
	timed := func(p pairFunc) time.Duration {
		start := time.Now()
		if ok, err := p(context.Background(), key); err != nil || !ok {
			b.Errorf("pair on an uncontended key: %v, %v", ok, err)
		}
		return time.Since(start)
	}
	if rawFirst {
		rawTook = timed(rawPair)
		return rawTook, timed(pair)
	}
	implTook = timed(pair)
	return timed(rawPair), implTook
}
