package safelock_test

import (
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// testTimeout bounds every test's Redis calls so a fault cannot hang the run.
const testTimeout = 20 * time.Second

func testCtx(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	t.Cleanup(cancel)
	return ctx
}

// recorder is a go-redis hook that records every command's arguments and can
// intercept a command (to fake a reply or a transport failure) instead of
// sending it.
type recorder struct {
	mu        sync.Mutex
	cmds      [][]string
	intercept func(ctx context.Context, cmd redis.Cmder, next redis.ProcessHook) (handled bool, err error)
}

func (r *recorder) DialHook(next redis.DialHook) redis.DialHook { return next }

func (r *recorder) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}

func (r *recorder) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		args := make([]string, len(cmd.Args()))
		for i, a := range cmd.Args() {
			args[i] = fmt.Sprint(a)
		}
		r.mu.Lock()
		if !isHandshake(args[0]) {
			r.cmds = append(r.cmds, args)
		}
		intercept := r.intercept
		r.mu.Unlock()
		if intercept != nil {
			if handled, err := intercept(ctx, cmd, next); handled {
				return err
			}
		}
		return next(ctx, cmd)
	}
}

// names returns the recorded command names, lower case, and forgets them.
func (r *recorder) names() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, len(r.cmds))
	for i, c := range r.cmds {
		out[i] = strings.ToLower(c[0])
	}
	r.cmds = nil
	return out
}

// args returns the recorded commands and forgets them.
func (r *recorder) args() [][]string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.cmds
	r.cmds = nil
	return out
}

func (r *recorder) setIntercept(f func(ctx context.Context, cmd redis.Cmder, next redis.ProcessHook) (bool, error)) {
	r.mu.Lock()
	r.intercept = f
	r.mu.Unlock()
}

// recordedClient starts a private server and returns a client with a
// recorder attached, plus a second plain client for inspecting state.
func recordedClient(t *testing.T) (*redis.Client, *recorder, *redis.Client) {
	t.Helper()
	addr := startServer(t)
	rec := &recorder{}
	c := newClient(t, addr)
	c.AddHook(rec)
	return c, rec, newClient(t, addr)
}

// errReset stands for a connection broken mid-command: not a server reply,
// so the outcome is unknown.
var errReset = &net.OpError{Op: "read", Net: "tcp", Err: fmt.Errorf("connection reset by peer")}

// serverSupports reports whether the server knows cmd (COMMAND INFO).
func serverSupports(t *testing.T, c *redis.Client, cmd string) bool {
	t.Helper()
	info, err := c.Command(testCtx(t)).Result()
	if err != nil {
		t.Fatalf("COMMAND: %v", err)
	}
	_, ok := info[strings.ToLower(cmd)]
	return ok
}

func equalNames(got []string, want ...string) bool {
	return strings.Join(got, " ") == strings.Join(want, " ")
}

// isHandshake reports whether name is one of the commands go-redis sends
// when it opens a connection; they are not part of the lock's traffic.
func isHandshake(name string) bool {
	switch strings.ToLower(name) {
	case "hello", "client", "auth", "select":
		return true
	}
	return false
}
