// Package jobs locks jobs through rlock only: it imports no Redis client
// itself, and its lock bugs are reported at its calls of rlock.
package jobs

import (
	"crypto/rand"

	"example.com/vetparity/rlock"
)

// Run runs work under the job's lock, released without an owner check.
func Run(id string, work func()) bool {
	key := "lock:job:" + id
	if !rlock.SetIfAbsent(key, rand.Text()) {
		return false
	}
	defer rlock.Delete(key)
	work()
	return true
}

// RunOnce takes the lock with the same value on every acquisition.
func RunOnce(id string, work func()) bool {
	key := "lock:once:" + id
	if !rlock.SetIfAbsent(key, "1") {
		return false
	}
	defer rlock.Delete(key)
	work()
	return true
}
