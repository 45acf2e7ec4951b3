// Package faultproxy is a loopback TCP proxy for fault-injection tests: it
// forwards connections to a target and can add latency, hold traffic
// (a partition that keeps connections open), and reset every connection.
// It replaces toxiproxy, which would pull its server's dependencies into the
// module.
package faultproxy

import (
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// Proxy forwards each accepted connection to the target address.
type Proxy struct {
	ln      net.Listener
	target  atomic.Pointer[string]
	latency atomic.Int64 // nanoseconds added before each forwarded chunk
	resets  atomic.Int64

	mu     sync.Mutex
	held   bool
	open   *sync.Cond
	conns  map[net.Conn]struct{}
	closed bool
	wg     sync.WaitGroup
}

// Start listens on a free loopback port and forwards to target.
func Start(target string) (*Proxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("faultproxy: listen: %w", err)
	}
	p := &Proxy{ln: ln, conns: map[net.Conn]struct{}{}}
	p.open = sync.NewCond(&p.mu)
	p.target.Store(&target)
	p.wg.Add(1)
	go p.accept()
	return p, nil
}

// Addr returns the proxy's listening address.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// SetTarget makes new connections go to target; existing ones are kept.
func (p *Proxy) SetTarget(target string) { p.target.Store(&target) }

// SetLatency delays every forwarded chunk, in both directions, by d.
func (p *Proxy) SetLatency(d time.Duration) { p.latency.Store(int64(d)) }

// Hold stops forwarding (bytes wait in the proxy, connections stay open)
// until Release. It models a partition that TCP has not noticed yet.
func (p *Proxy) Hold() {
	p.mu.Lock()
	p.held = true
	p.mu.Unlock()
}

// Release resumes forwarding after Hold.
func (p *Proxy) Release() {
	p.mu.Lock()
	p.held = false
	p.mu.Unlock()
	p.open.Broadcast()
}

// ResetAll closes every current connection abruptly (TCP RST on the client
// side) and returns how many it closed.
func (p *Proxy) ResetAll() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for c := range p.conns {
		if tc, ok := c.(*net.TCPConn); ok {
			_ = tc.SetLinger(0)
		}
		_ = c.Close()
		delete(p.conns, c)
		n++
	}
	p.resets.Add(int64(n))
	return n
}

// Resets returns how many connections ResetAll has closed so far.
func (p *Proxy) Resets() int64 { return p.resets.Load() }

// Close stops the proxy, closes every connection and waits for its
// goroutines.
func (p *Proxy) Close() error {
	err := p.ln.Close()
	p.mu.Lock()
	p.closed = true
	p.held = false
	for c := range p.conns {
		_ = c.Close()
		delete(p.conns, c)
	}
	p.mu.Unlock()
	p.open.Broadcast()
	p.wg.Wait()
	return err
}

func (p *Proxy) accept() {
	defer p.wg.Done()
	for {
		client, err := p.ln.Accept()
		if err != nil {
			return
		}
		server, err := net.Dial("tcp", *p.target.Load())
		if err != nil {
			_ = client.Close()
			continue
		}
		if !p.track(client, server) {
			return
		}
		p.wg.Add(2)
		go p.pipe(server, client)
		go p.pipe(client, server)
	}
}

// track registers both ends so ResetAll and Close reach them; it reports
// false (and closes them) once the proxy is closed.
func (p *Proxy) track(conns ...net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		for _, c := range conns {
			_ = c.Close()
		}
		return false
	}
	for _, c := range conns {
		p.conns[c] = struct{}{}
	}
	return true
}

// pipe copies src to dst chunk by chunk, applying latency and holds, and
// closes both ends when either side fails so the peer sees the break.
func (p *Proxy) pipe(dst, src net.Conn) {
	defer p.wg.Done()
	defer p.drop(dst, src)
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if !p.wait() {
				return
			}
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			// EOF or a reset: either way the pair is done, and drop closes
			// the other end so the peer sees it.
			return
		}
	}
}

// wait applies the latency and blocks while traffic is held; it reports
// false once the proxy is closed.
func (p *Proxy) wait() bool {
	if d := time.Duration(p.latency.Load()); d > 0 {
		time.Sleep(d)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.held && !p.closed {
		p.open.Wait()
	}
	return !p.closed
}

func (p *Proxy) drop(conns ...net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range conns {
		_ = c.Close()
		delete(p.conns, c)
	}
}
