// Package redistest starts private Redis servers for tests: a real
// redis-server process on a free loopback port (no persistence, its own temp
// dir, stopped by pid at cleanup), or an embedded miniredis when no
// redis-server binary is installed. Set LEASEVET_REQUIRE_REDIS=1 (CI does) to
// make a missing binary a test failure instead of a silent fallback.
//
// Nothing here talks to a shared or fixed port.
package redistest

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

// RequireEnv names the environment variable that forbids the miniredis
// fallback.
const RequireEnv = "LEASEVET_REQUIRE_REDIS"

// readyTimeout bounds how long a started server may take to answer PING.
const readyTimeout = 10 * time.Second

// Server is one Redis server owned by a test.
type Server struct {
	t    testing.TB
	bin  string   // redis-server path; empty for miniredis
	args []string // extra redis-server arguments
	dir  string
	port int

	mu   sync.Mutex
	proc *process
	mini *miniredis.Miniredis
}

// process is a running redis-server and the channel closed when it exits.
type process struct {
	cmd    *exec.Cmd
	exited chan struct{}
	output *bytes.Buffer
}

// Start starts a server for t and stops it at cleanup. Extra arguments are
// passed to redis-server (for example "--replicaof", host, port); tests that
// pass them need a real server and are skipped (or failed under
// LEASEVET_REQUIRE_REDIS=1) on the miniredis fallback.
func Start(t testing.TB, args ...string) *Server {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv(RequireEnv) == "1" {
			t.Fatalf("redistest: %s=1 but redis-server is not installed: %v", RequireEnv, err)
		}
		if len(args) > 0 {
			t.Skipf("redistest: redis-server is not installed; this test needs a real server (args %q)", args)
		}
		return startMini(t)
	}
	s := &Server{t: t, bin: bin, args: args, dir: t.TempDir()}
	s.startReal()
	t.Cleanup(s.Stop)
	return s
}

// RequireReal skips t (or fails it under LEASEVET_REQUIRE_REDIS=1) when no
// redis-server binary is installed: for tests of replication, restarts of a
// real process, or cluster mode, which miniredis cannot stand in for.
func RequireReal(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("redis-server"); err != nil {
		if os.Getenv(RequireEnv) == "1" {
			t.Fatalf("redistest: %s=1 but redis-server is not installed: %v", RequireEnv, err)
		}
		t.Skipf("redistest: redis-server is not installed: %v", err)
	}
}

func startMini(t testing.TB) *Server {
	m := miniredis.NewMiniRedis()
	if err := m.StartAddr("127.0.0.1:0"); err != nil {
		t.Fatalf("redistest: starting miniredis: %v", err)
	}
	port, _ := strconv.Atoi(m.Port())
	s := &Server{t: t, mini: m, port: port}
	t.Cleanup(s.Stop)
	return s
}

// Real reports whether s is a redis-server process rather than miniredis.
func (s *Server) Real() bool { return s.bin != "" }

// Addr returns the server's host:port on loopback.
func (s *Server) Addr() string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port)) }

// Port returns the server's TCP port.
func (s *Server) Port() int { return s.port }

// Client returns a new client for s, closed at the test's cleanup.
func (s *Server) Client() *redis.Client {
	return s.ClientWith(func(*redis.Options) {})
}

// ClientWith returns a new client for s after letting configure change its
// options (timeouts, retries), closed at the test's cleanup.
func (s *Server) ClientWith(configure func(*redis.Options)) *redis.Client {
	opts := &redis.Options{Addr: s.Addr()}
	configure(opts)
	c := redis.NewClient(opts)
	s.t.Cleanup(func() { _ = c.Close() })
	return c
}

// Stop kills the server (by its pid) and waits for it to exit. It is safe to
// call more than once.
func (s *Server) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.mini != nil {
		s.mini.Close()
		return
	}
	if s.proc == nil {
		return
	}
	_ = s.proc.cmd.Process.Kill()
	<-s.proc.exited
	s.proc = nil
}

// Restart stops the server and starts it again on the same port with no
// data: without persistence a restart loses every key, like a crash.
func (s *Server) Restart() {
	s.t.Helper()
	s.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.mini != nil {
		if err := s.mini.Restart(); err != nil {
			s.t.Fatalf("redistest: restarting miniredis: %v", err)
		}
		s.mini.FlushAll()
		return
	}
	if err := s.launch(s.port); err != nil {
		s.t.Fatalf("redistest: restarting redis-server on port %d: %v", s.port, err)
	}
}

// startReal launches redis-server on a free port, retrying with another
// port when one is taken between the probe and the bind.
func (s *Server) startReal() {
	s.t.Helper()
	var lastErr error
	for attempt := 0; attempt < 5; attempt++ {
		port, err := freePort()
		if err != nil {
			s.t.Fatalf("redistest: %v", err)
		}
		s.mu.Lock()
		lastErr = s.launch(port)
		s.mu.Unlock()
		if lastErr == nil {
			s.port = port
			return
		}
	}
	s.t.Fatalf("redistest: starting redis-server: %v", lastErr)
}

// launch starts the process on port and waits until it answers PING. The
// caller holds s.mu.
func (s *Server) launch(port int) error {
	args := append([]string{
		"--port", strconv.Itoa(port), "--bind", "127.0.0.1",
		"--save", "", "--appendonly", "no", "--dir", s.dir,
	}, s.args...)
	cmd := exec.Command(s.bin, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("exec %s: %w", s.bin, err)
	}
	p := &process{cmd: cmd, exited: make(chan struct{}), output: &out}
	go func() { _ = cmd.Wait(); close(p.exited) }()
	if err := waitReady(port, p); err != nil {
		_ = cmd.Process.Kill()
		<-p.exited
		return fmt.Errorf("%w; output:\n%s", err, out.String())
	}
	s.proc = p
	return nil
}

// waitReady polls PING until the server answers, exits, or readyTimeout.
func waitReady(port int, p *process) error {
	c := redis.NewClient(&redis.Options{Addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), MaxRetries: -1})
	defer c.Close()
	deadline := time.Now().Add(readyTimeout)
	for time.Now().Before(deadline) {
		select {
		case <-p.exited:
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
	return fmt.Errorf("redis-server on port %d not ready after %v", port, readyTimeout)
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
