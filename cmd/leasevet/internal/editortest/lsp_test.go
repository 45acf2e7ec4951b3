package editortest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// client is a minimal LSP client over a server's stdio: requests with ids,
// notifications, and answers to the server's own requests.
type client struct {
	t      testing.TB
	cmd    *exec.Cmd
	in     io.WriteCloser
	mu     sync.Mutex // guards writes and nextID
	nextID int

	responses map[int]chan *message
	respMu    sync.Mutex
	// notifications and server requests, in arrival order
	events chan *message
}

// message is any JSON-RPC message.
type message struct {
	ID     *json.RawMessage `json:"id,omitempty"`
	Method string           `json:"method,omitempty"`
	Params json.RawMessage  `json:"params,omitempty"`
	Result json.RawMessage  `json:"result,omitempty"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

func startClient(t testing.TB, gopls, dir string, flags ...string) *client {
	t.Helper()
	cmd, in, out := startGopls(t, gopls, dir, append(flags, "serve")...)
	c := &client{t: t, cmd: cmd, in: in, responses: make(map[int]chan *message), events: make(chan *message, 1024)}
	go c.readLoop(bufio.NewReader(out))
	t.Cleanup(c.close)
	return c
}

// startGopls starts gopls with args in dir, its standard error going to
// the test log, and returns it with its standard input and output.
func startGopls(t testing.TB, gopls, dir string, args ...string) (*exec.Cmd, io.WriteCloser, io.Reader) {
	t.Helper()
	cmd := exec.Command(gopls, args...)
	cmd.Dir = dir
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = &testLogWriter{t: t}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", gopls, err)
	}
	return cmd, in, out
}

// testLogWriter sends gopls's stderr to the test log.
type testLogWriter struct{ t testing.TB }

func (w *testLogWriter) Write(p []byte) (int, error) {
	w.t.Logf("gopls: %s", strings.TrimSpace(string(p)))
	return len(p), nil
}

func (c *client) close() {
	c.in.Close()
	done := make(chan struct{})
	go func() { c.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		c.cmd.Process.Kill()
		<-done
	}
}

// readLoop dispatches responses to their callers and everything else to
// events; it ends when the server closes its stdout.
func (c *client) readLoop(r *bufio.Reader) {
	defer close(c.events)
	for {
		body, err := readFrame(r)
		if err != nil {
			return
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			continue
		}
		if m.ID != nil && m.Method == "" {
			id, _ := strconv.Atoi(string(*m.ID))
			c.respMu.Lock()
			ch := c.responses[id]
			delete(c.responses, id)
			c.respMu.Unlock()
			if ch != nil {
				ch <- &m
			}
			continue
		}
		c.events <- &m
	}
}

// readFrame reads one Content-Length framed message.
func readFrame(r *bufio.Reader) ([]byte, error) {
	length := -1
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return nil, err
		}
		line = strings.TrimSpace(line)
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length:"); ok {
			length, err = strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				return nil, fmt.Errorf("bad Content-Length: %w", err)
			}
		}
	}
	if length < 0 {
		return nil, fmt.Errorf("frame without Content-Length")
	}
	body := make([]byte, length)
	_, err := io.ReadFull(r, body)
	return body, err
}

func (c *client) write(v any) {
	data, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n%s", len(data), data)
}

// notify sends a notification.
func (c *client) notify(method string, params any) {
	c.write(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// reply answers a request of the server.
func (c *client) reply(id *json.RawMessage, result any) {
	c.write(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

// call sends a request and waits for its response, answering the server's
// requests meanwhile through handle; it fails the test after limit.
func (c *client) call(method string, params any, result any, limit time.Duration, handle func(*message)) {
	c.t.Helper()
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	c.mu.Unlock()
	ch := make(chan *message, 1)
	c.respMu.Lock()
	c.responses[id] = ch
	c.respMu.Unlock()
	c.write(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	deadline := time.After(limit)
	for {
		select {
		case m := <-ch:
			if m.Error != nil {
				c.t.Fatalf("%s: error %d: %s", method, m.Error.Code, m.Error.Message)
			}
			if result != nil {
				if err := json.Unmarshal(m.Result, result); err != nil {
					c.t.Fatalf("%s: decoding result: %v", method, err)
				}
			}
			return
		case m, ok := <-c.events:
			if !ok {
				c.t.Fatalf("%s: gopls exited", method)
			}
			handle(m)
		case <-deadline:
			c.t.Fatalf("%s: no response within %s", method, limit)
		}
	}
}
