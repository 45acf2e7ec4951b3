package lockmodel

import (
	"strings"
	"testing"
)

func TestNameWords_shapes(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"IndexBlock", "Index Block"},
		{"MarkClockSkew", "Mark Clock Skew"},
		{"indexed-block:", "indexed block"},
		{"lock:order:", "lock order"},
		{"HTTPLock", "HTTP Lock"},
		{"UnLock", "Un Lock"},
		{"tryLock2", "try Lock 2"},
		{"redis_lock_key", "redis lock key"},
		{"a.b/c", "a b c"},
		{"", ""},
	} {
		if got := strings.Join(nameWords(tc.in), " "); got != tc.want {
			t.Errorf("nameWords(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestNamer_defaultWords(t *testing.T) {
	l := newNamer(DefaultLockNames)
	for _, name := range []string{"Lock", "UnLock", "Unlock", "TryLock", "trylock", "acquireLock", "lock:job:", "LOCK_PREFIX", "Locker", "mutexKey", "Redlock", "distributed-lock"} {
		if !l.matches(name) {
			t.Errorf("%q is not a lock name, want one", name)
		}
	}
	for _, name := range []string{"IndexBlock", "MarkClockSkew", "indexed-block:", "deadline", "blocklist", "Clock", "processed:", "", "flocked"} {
		if l.matches(name) {
			t.Errorf("%q is a lock name, want none", name)
		}
	}
}

func TestNamer_customExpression(t *testing.T) {
	l := newNamer(`(?i)^sem$`)
	if !l.matches("acquireSem") || l.matches("Lock") || l.matches("semaphore") {
		t.Error("a custom expression is not matched word by word")
	}
}
