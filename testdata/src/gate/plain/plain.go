// Package plain reaches no Redis client: leasevet's analyzers return
// before walking a function or building SSA here.
package plain

import "sync"

type Lock struct{ mu sync.Mutex }

func (l *Lock) Lock()   { l.mu.Lock() }
func (l *Lock) Unlock() { l.mu.Unlock() }
