// Package procid names the calling process and goroutine for logs and
// traces. It does not use Redis; lock code borrows its ids as lock owners.
package procid

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
)

// GetProcessAndGoroutineIDStr returns "<pid>_<goroutine id>".
func GetProcessAndGoroutineIDStr() string {
	return fmt.Sprintf("%d_%s", os.Getpid(), goroutineID())
}

// goroutineID cuts the id out of the stack header "goroutine 17 [running]:".
func goroutineID() string {
	var buf [64]byte
	n := runtime.Stack(buf[:], false)
	return strings.Fields(strings.TrimPrefix(string(buf[:n]), "goroutine "))[0]
}

// GoroutineID returns the calling goroutine's id as a number.
func GoroutineID() uint64 {
	b := make([]byte, 64)
	b = b[:runtime.Stack(b, false)]
	b = bytes.TrimPrefix(b, []byte("goroutine "))
	b = b[:bytes.IndexByte(b, ' ')]
	n, _ := strconv.ParseUint(string(b), 10, 64)
	return n
}

// CurrentGoroutine names the calling goroutine, "g17", through the
// unexported helper only.
func CurrentGoroutine() string { return "g" + goroutineID() }

// GetThreadIDStr is named like a thread id but is not one: it draws eight
// random bytes per call, a fresh value for every acquisition.
func GetThreadIDStr() string {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

// GetGoroutineID is named like a goroutine id but, despite the name,
// returns a random 63-bit number.
func GetGoroutineID() int64 { return randomInt() }

func randomInt() int64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	n, _ := strconv.ParseInt(hex.EncodeToString(b[:7]), 16, 64)
	return n
}
