package redistest_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/leasevet/leasevet/internal/redistest"
	"github.com/redis/go-redis/v9"
)

func TestStart_setGet(t *testing.T) {
	s := redistest.Start(t)
	ctx := context.Background()
	c := s.Client()
	if err := c.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatal(err)
	}
	if got, err := c.Get(ctx, "k").Result(); err != nil || got != "v" {
		t.Fatalf("Get = %q, %v; want v", got, err)
	}
}

func TestStart_privatePorts(t *testing.T) {
	a, b := redistest.Start(t), redistest.Start(t)
	if a.Addr() == b.Addr() {
		t.Fatalf("two servers share %s", a.Addr())
	}
}

func TestRestart_losesData(t *testing.T) {
	s := redistest.Start(t)
	ctx := context.Background()
	c := s.ClientWith(func(o *redis.Options) { o.MaxRetries = 5 })
	if err := c.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatal(err)
	}
	s.Restart()
	if err := c.Get(ctx, "k").Err(); !errors.Is(err, redis.Nil) {
		t.Fatalf("Get after restart = %v; want redis.Nil", err)
	}
}

func TestStop_refusesConnections(t *testing.T) {
	redistest.RequireReal(t)
	s := redistest.Start(t)
	s.Stop()
	s.Stop() // idempotent
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	c := s.ClientWith(func(o *redis.Options) { o.MaxRetries = -1 })
	if err := c.Ping(ctx).Err(); err == nil {
		t.Fatal("Ping after Stop succeeded")
	}
}

func TestStartCluster_routes(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three servers")
	}
	cl := redistest.StartCluster(t, 3)
	ctx := context.Background()
	c := cl.Client()
	for _, k := range []string{"a", "b", "c", "d", "e"} {
		if err := c.Set(ctx, k, k, 0).Err(); err != nil {
			t.Fatalf("Set %s: %v", k, err)
		}
	}
	n, err := c.DBSize(ctx).Result()
	if err != nil || n != 5 {
		t.Fatalf("DBSize = %d, %v; want 5", n, err)
	}
}
