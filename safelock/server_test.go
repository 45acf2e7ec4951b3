package safelock_test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// requireEnv names the environment variable that makes a missing
// redis-server a failure (CI sets it) instead of a skipped run.
const requireEnv = "LEASEVET_REQUIRE_REDIS"

// TestMain checks for redis-server once. safelock's own tests use nothing
// but the standard library and go-redis, so that this module's go.mod
// requires go-redis alone; they need a real server, and the examples (whose
// output is checked) cannot be skipped one by one. Without the binary the
// run is skipped as a whole with a message, or fails under
// LEASEVET_REQUIRE_REDIS=1. The embedded-server fallback lives in the
// safelocktest module.
func TestMain(m *testing.M) {
	if _, err := exec.LookPath("redis-server"); err != nil {
		if os.Getenv(requireEnv) == "1" {
			fmt.Fprintf(os.Stderr, "safelock: %s=1 but redis-server is not installed: %v\n", requireEnv, err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "safelock: redis-server is not installed; skipping the tests (apt-get install redis-server; %s=1 makes this a failure)\n", requireEnv)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// startServer starts a private redis-server on a free loopback port, with
// no persistence and its own directory, and stops it (by its pid) when the
// test ends. It returns the server's address.
func startServer(t testing.TB) string {
	t.Helper()
	addr, stop, err := launchServer(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return addr
}

// launchServer starts redis-server in dir, retrying with another port when
// one is taken between the probe and the bind.
func launchServer(dir string) (addr string, stop func(), err error) {
	for attempt := 0; attempt < 5; attempt++ {
		var port int
		if port, err = freePort(); err != nil {
			return "", nil, err
		}
		if stop, err = launchOn(dir, port); err == nil {
			return net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), stop, nil
		}
	}
	return "", nil, fmt.Errorf("starting redis-server: %w", err)
}

// launchOn starts the process on port and waits until it answers PING.
func launchOn(dir string, port int) (stop func(), err error) {
	cmd := exec.Command("redis-server", "--port", strconv.Itoa(port), "--bind", "127.0.0.1",
		"--save", "", "--appendonly", "no", "--dir", dir)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	stop = func() { _ = cmd.Process.Kill(); <-exited }
	if err := waitReady(port, exited); err != nil {
		stop()
		return nil, fmt.Errorf("%w; output:\n%s", err, out.String())
	}
	return stop, nil
}

// waitReady polls PING until the server answers, exits, or 10s pass.
func waitReady(port int, exited <-chan struct{}) error {
	c := redis.NewClient(&redis.Options{Addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), MaxRetries: -1})
	defer c.Close()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		select {
		case <-exited:
			return fmt.Errorf("redis-server on port %d exited early", port)
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		err := c.Ping(ctx).Err()
		cancel()
		if err == nil {
			return nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return fmt.Errorf("redis-server on port %d not ready", port)
}

// freePort asks the kernel for an unused loopback port.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("finding a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// newClient returns a client for addr, closed when the test ends.
func newClient(t testing.TB, addr string) *redis.Client {
	c := redis.NewClient(&redis.Options{Addr: addr})
	t.Cleanup(func() { _ = c.Close() })
	return c
}
