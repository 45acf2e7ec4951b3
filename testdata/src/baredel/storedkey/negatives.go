package storedkey

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

// A Lease's key is also restored from a saved record, never acquired
// there: the field does not always hold an acquired key, and stays
// unjudged.
type Lease struct {
	rdb *redis.Client
	key string
}

func Grant(ctx context.Context, rdb *redis.Client, name, token string) *Lease {
	key := "lease:" + name
	if !rdb.SetNX(ctx, key, token, time.Minute).Val() {
		return nil
	}
	return &Lease{rdb: rdb, key: key}
}

func Restore(rdb *redis.Client, saved string) *Lease {
	return &Lease{rdb: rdb, key: saved}
}

func (l *Lease) Drop(ctx context.Context) {
	l.rdb.Del(ctx, l.key)
}

// A marker set once per import job and cleared by hand is no lock: no
// name, wait, owner check or critical section says so.
type marker struct {
	rdb *redis.Client
	key string
}

func markImported(ctx context.Context, rdb *redis.Client, file string) (*marker, bool) {
	key := "imported:" + file
	ok, _ := rdb.SetNX(ctx, key, "1", 24*time.Hour).Result()
	return &marker{rdb: rdb, key: key}, ok
}

func (m *marker) clear(ctx context.Context) {
	m.rdb.Del(ctx, m.key)
}

var releaseScript = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

// ReleaseChecked is the correct release of a stored key: compare and
// delete in one script.
func (l *Lock) ReleaseChecked(ctx context.Context) (bool, error) {
	n, err := releaseScript.Run(ctx, l.client.rdb, []string{l.key}, l.token).Int()
	return n == 1, err
}

// A Session's token is drawn again by Rotate: the token field has two
// writes, so the release of the stored key keeps its finding but gets no
// fix (which token goes with the key cannot be told).
type Session struct {
	rdb   *redis.Client
	key   string
	token string
}

func OpenSession(ctx context.Context, rdb *redis.Client, user string) (*Session, bool) {
	key := "session:lock:" + user
	token := uuid.NewString()
	if !rdb.SetNX(ctx, key, token, time.Minute).Val() {
		return nil, false
	}
	return &Session{rdb: rdb, key: key, token: token}, true
}

func (s *Session) Rotate() { s.token = uuid.NewString() }

func (s *Session) Close(ctx context.Context) {
	s.rdb.Del(ctx, s.key) // want `Del releases lock key s.key \(acquired by SetNX at negatives.go:73\)`
}
