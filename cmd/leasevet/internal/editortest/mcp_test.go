package editortest

import (
	"bufio"
	"encoding/json"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// mcpClient speaks MCP to "gopls mcp" over stdio: one JSON-RPC message
// per line, as coding agents do.
type mcpClient struct {
	t      *testing.T
	in     io.WriteCloser
	out    *bufio.Reader
	nextID int
}

func startMCP(t *testing.T, gopls, dir string) *mcpClient {
	t.Helper()
	cmd, in, out := startGopls(t, gopls, dir, "mcp")
	t.Cleanup(func() { in.Close(); cmd.Process.Kill(); cmd.Wait() })
	return &mcpClient{t: t, in: in, out: bufio.NewReader(out)}
}

func (c *mcpClient) send(msg map[string]any) {
	c.t.Helper()
	msg["jsonrpc"] = "2.0"
	data, err := json.Marshal(msg)
	if err != nil {
		c.t.Fatal(err)
	}
	if _, err := c.in.Write(append(data, '\n')); err != nil {
		c.t.Fatalf("writing to gopls mcp: %v", err)
	}
}

// call sends a request and returns its result, skipping notifications;
// it fails the test on an error reply or after limit.
func (c *mcpClient) call(method string, params any, limit time.Duration) json.RawMessage {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	c.send(map[string]any{"id": id, "method": method, "params": params})
	type reply struct {
		ID     *int            `json:"id"`
		Result json.RawMessage `json:"result"`
		Error  *struct{ Message string }
	}
	got := make(chan reply, 1)
	go func() {
		for {
			line, err := c.out.ReadBytes('\n')
			if err != nil {
				close(got)
				return
			}
			var r reply
			if json.Unmarshal(line, &r) == nil && r.ID != nil && *r.ID == id {
				got <- r
				return
			}
		}
	}()
	select {
	case r, ok := <-got:
		if !ok {
			c.t.Fatalf("gopls mcp closed its output before answering %s", method)
		}
		if r.Error != nil {
			c.t.Fatalf("%s: %s", method, r.Error.Message)
		}
		return r.Result
	case <-time.After(limit):
		c.t.Fatalf("no answer to %s within %v", method, limit)
	}
	return nil
}

// TestGoplsMCP_goDiagnosticsCarriesLeasevet runs "gopls mcp" of the
// leasevet build on the fixture and calls go_diagnostics with the
// fixture file, as a coding agent does after an edit: every finding
// standalone leasevet reports for the file must be in the answer, at its
// line. (Detached "gopls mcp" gives no fix diffs, for gopls's own
// analyzers as for leasevet's: it finds fixes among the diagnostics its
// LSP session published, and a headless session publishes none.)
func TestGoplsMCP_goDiagnosticsCarriesLeasevet(t *testing.T) {
	gopls, dir, want := leasevetFixture(t)
	c := startMCP(t, gopls, dir)
	c.call("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "leasevet-editortest", "version": "0"}}, requestLimit)
	c.send(map[string]any{"method": "notifications/initialized"})
	start := time.Now()
	res := c.call("tools/call", map[string]any{"name": "go_diagnostics",
		"arguments": map[string]any{"files": []string{filepath.Join(dir, fixtureFile)}}}, diagnosticsLimit)
	t.Logf("TIMING go_diagnostics with leasevet's findings: %.1fs", time.Since(start).Seconds())
	var result struct {
		Content []struct{ Text string } `json:"content"`
	}
	if err := json.Unmarshal(res, &result); err != nil || len(result.Content) == 0 {
		t.Fatalf("go_diagnostics result %s: %v", res, err)
	}
	got := mcpFindings(result.Content[0].Text)
	for k, w := range want {
		if !got[k] {
			t.Errorf("go_diagnostics lacks leasevet's finding %s [%s]", k, w.category)
		}
	}
	if t.Failed() {
		t.Logf("go_diagnostics answered:\n%s", result.Content[0].Text)
	}
}

// mcpDiagnostic is a line of go_diagnostics' answer: "L:C-L:C: [Severity]
// message", lines and columns from 0.
var mcpDiagnostic = regexp.MustCompile(`^(\d+):\d+-\d+:\d+: \[\w+\] (.*)$`)

// mcpFindings reads go_diagnostics' text into a set of "line: message"
// keys, lines from 1 as standaloneFindings has them.
func mcpFindings(text string) map[string]bool {
	found := make(map[string]bool)
	for _, line := range strings.Split(text, "\n") {
		if m := mcpDiagnostic.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1])
			found[keyOf(n+1, m[2])] = true
		}
	}
	return found
}
