package redistest

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// clusterTimeout bounds how long a new cluster may take to report
// cluster_state:ok on every node.
const clusterTimeout = 30 * time.Second

// Cluster is a Redis Cluster of primaries owned by a test.
type Cluster struct {
	t     testing.TB
	nodes []*Server
}

// StartCluster starts n redis-server processes in cluster mode (n >= 3, no
// replicas), joins them with redis-cli --cluster create, and waits until
// every node reports cluster_state:ok. It needs real binaries.
func StartCluster(t testing.TB, n int) *Cluster {
	t.Helper()
	RequireReal(t)
	if n < 3 {
		t.Fatalf("redistest: a cluster needs at least 3 primaries, got %d", n)
	}
	cli, err := exec.LookPath("redis-cli")
	if err != nil {
		t.Fatalf("redistest: redis-cli is needed to create a cluster: %v", err)
	}
	c := &Cluster{t: t}
	for i := 0; i < n; i++ {
		c.nodes = append(c.nodes, Start(t, "--cluster-enabled", "yes",
			"--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "5000"))
	}
	args := append([]string{"--cluster", "create"}, c.Addrs()...)
	args = append(args, "--cluster-replicas", "0", "--cluster-yes")
	ctx, cancel := context.WithTimeout(context.Background(), clusterTimeout)
	defer cancel()
	if out, err := exec.CommandContext(ctx, cli, args...).CombinedOutput(); err != nil {
		t.Fatalf("redistest: redis-cli --cluster create: %v\n%s", err, out)
	}
	if err := c.waitOK(ctx); err != nil {
		t.Fatalf("redistest: %v", err)
	}
	return c
}

// Addrs returns the nodes' host:port addresses.
func (c *Cluster) Addrs() []string {
	addrs := make([]string, len(c.nodes))
	for i, s := range c.nodes {
		addrs[i] = s.Addr()
	}
	return addrs
}

// Nodes returns the cluster's servers.
func (c *Cluster) Nodes() []*Server { return c.nodes }

// Client returns a new cluster client, closed at the test's cleanup.
func (c *Cluster) Client() *redis.ClusterClient {
	cc := redis.NewClusterClient(&redis.ClusterOptions{Addrs: c.Addrs()})
	c.t.Cleanup(func() { _ = cc.Close() })
	return cc
}

// waitOK polls CLUSTER INFO on every node until all say cluster_state:ok.
func (c *Cluster) waitOK(ctx context.Context) error {
	for _, s := range c.nodes {
		cl := redis.NewClient(&redis.Options{Addr: s.Addr()})
		err := pollClusterOK(ctx, cl)
		_ = cl.Close()
		if err != nil {
			return fmt.Errorf("node %s: %w", s.Addr(), err)
		}
	}
	return nil
}

func pollClusterOK(ctx context.Context, cl *redis.Client) error {
	for {
		info, err := cl.ClusterInfo(ctx).Result()
		if err == nil && strings.Contains(info, "cluster_state:ok") {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("cluster not ok: %w (last info error: %v)", ctx.Err(), err)
		case <-time.After(50 * time.Millisecond):
		}
	}
}
