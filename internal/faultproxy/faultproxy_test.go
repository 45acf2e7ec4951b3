package faultproxy_test

import (
	"bufio"
	"errors"
	"io"
	"net"
	"testing"
	"time"

	"github.com/leasevet/leasevet/internal/faultproxy"
)

// echoServer answers every line with the same line until the test ends.
func echoServer(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() { defer c.Close(); _, _ = io.Copy(c, c) }()
		}
	}()
	return ln.Addr().String()
}

func startProxy(t *testing.T, target string) *faultproxy.Proxy {
	t.Helper()
	p, err := faultproxy.Start(target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Close() })
	return p
}

func dialProxy(t *testing.T, p *faultproxy.Proxy) (net.Conn, *bufio.Reader) {
	t.Helper()
	c, err := net.Dial("tcp", p.Addr())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	return c, bufio.NewReader(c)
}

func roundTrip(t *testing.T, c net.Conn, r *bufio.Reader, msg string) {
	t.Helper()
	if _, err := c.Write([]byte(msg + "\n")); err != nil {
		t.Fatal(err)
	}
	got, err := r.ReadString('\n')
	if err != nil || got != msg+"\n" {
		t.Fatalf("echo = %q, %v; want %q", got, err, msg)
	}
}

func TestProxy_forwards(t *testing.T) {
	p := startProxy(t, echoServer(t))
	c, r := dialProxy(t, p)
	roundTrip(t, c, r, "hello")
	p.SetLatency(5 * time.Millisecond)
	roundTrip(t, c, r, "slow")
}

func TestProxy_ResetAll_closesBothEnds(t *testing.T) {
	p := startProxy(t, echoServer(t))
	c, r := dialProxy(t, p)
	roundTrip(t, c, r, "before")
	if n := p.ResetAll(); n != 2 {
		t.Fatalf("ResetAll closed %d conns; want 2 (both ends)", n)
	}
	_, _ = c.Write([]byte("after\n"))
	if _, err := r.ReadString('\n'); err == nil {
		t.Fatal("read after ResetAll succeeded")
	}
	c2, r2 := dialProxy(t, p)
	roundTrip(t, c2, r2, "new connection")
}

func TestProxy_Hold_untilRelease(t *testing.T) {
	p := startProxy(t, echoServer(t))
	c, r := dialProxy(t, p)
	p.Hold()
	if _, err := c.Write([]byte("held\n")); err != nil {
		t.Fatal(err)
	}
	_ = c.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
	var nerr net.Error
	if _, err := r.ReadString('\n'); !errors.As(err, &nerr) || !nerr.Timeout() {
		t.Fatalf("read while held = %v; want a timeout", err)
	}
	p.Release()
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	if got, err := r.ReadString('\n'); err != nil || got != "held\n" {
		t.Fatalf("read after Release = %q, %v", got, err)
	}
}

func TestProxy_SetTarget_newConnections(t *testing.T) {
	p := startProxy(t, "127.0.0.1:1")
	p.SetTarget(echoServer(t))
	c, r := dialProxy(t, p)
	roundTrip(t, c, r, "retargeted")
}
