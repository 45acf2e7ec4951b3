// Package ident names this process for logs, metrics and, unwisely, locks.
// It does not use Redis.
package ident

import (
	"bytes"
	"os"
	"runtime"
	"strconv"
	"time"

	"github.com/google/uuid"
)

// InstanceID is drawn once per process.
var InstanceID = uuid.NewString()

// Hostname returns the host name, or "unknown".
func Hostname() string {
	h, err := os.Hostname()
	if err != nil {
		return "unknown"
	}
	return h
}

// Owner names this process: host and pid.
func Owner() string {
	return Hostname() + ":" + strconv.Itoa(os.Getpid())
}

// Started returns the current Unix time in seconds.
func Started() int64 { return time.Now().Unix() }

// RequestID returns a fresh id per call.
func RequestID() string { return uuid.NewString() }

// ProcessAndGoroutineID names the calling goroutine of this process, the
// way reentrant lock libraries identify a holder.
func ProcessAndGoroutineID() string {
	return strconv.Itoa(os.Getpid()) + "_" + strconv.FormatUint(currentGoroutineID(), 10)
}

func currentGoroutineID() uint64 {
	var buf [64]byte
	n := runtime.Stack(buf[:], false)
	id, _ := strconv.ParseUint(string(bytes.Fields(buf[:n])[1]), 10, 64)
	return id
}
