package setnxexpire

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/leasevet/leasevet/internal/redistest"
)

// TestSetnxTTLScript runs the script the redigo fix puts in place of
// SETNX on a Redis server: it must answer 1 and set the value with the
// expiry when the key is free, and answer 0 and change nothing when it is
// held, as SETNX does, so the code reading the reply keeps its meaning.
func TestSetnxTTLScript(t *testing.T) {
	rdb := redistest.Start(t).Client()
	ctx := context.Background()
	for _, tc := range []struct {
		unit string
		ttl  int64
		want time.Duration
	}{{"EX", 30, 30 * time.Second}, {"PX", 30000, 30 * time.Second}} {
		src := strings.Replace(setnxTTLScript, "%s", tc.unit, 1)
		key := "lock:" + tc.unit
		n, err := rdb.Eval(ctx, src, []string{key}, "owner-1", tc.ttl).Int()
		if err != nil || n != 1 {
			t.Fatalf("%s: free key: got %d, %v; want 1, nil", tc.unit, n, err)
		}
		if ttl := rdb.PTTL(ctx, key).Val(); ttl <= 0 || ttl > tc.want {
			t.Errorf("%s: TTL after acquire = %v, want in (0, %v]", tc.unit, ttl, tc.want)
		}
		n, err = rdb.Eval(ctx, src, []string{key}, "owner-2", tc.ttl).Int()
		if err != nil || n != 0 {
			t.Fatalf("%s: held key: got %d, %v; want 0, nil", tc.unit, n, err)
		}
		if v := rdb.Get(ctx, key).Val(); v != "owner-1" {
			t.Errorf("%s: value after a refused acquire = %q, want owner-1", tc.unit, v)
		}
	}
}
