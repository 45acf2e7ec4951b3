package rueidis

import (
	"context"
	"time"

	"github.com/redis/rueidis"
)

// sender sends the commands its callers build.
type sender struct {
	c rueidis.Client
}

func (s sender) send(ctx context.Context, cmd rueidis.Completed) rueidis.RedisResult {
	return s.c.Do(ctx, cmd)
}

// PortLock takes and frees its key through sender.
type PortLock struct {
	s     sender
	c     rueidis.Client
	key   string
	token string
}

// Hold deletes the key without comparing the token.
func (l *PortLock) Hold(ctx context.Context, ttl time.Duration, work func()) error {
	if err := l.s.send(ctx, l.c.B().Set().Key(l.key).Value(l.token).Nx().Px(ttl).Build()).Error(); err != nil {
		return err
	}
	defer l.s.send(ctx, l.c.B().Del().Key(l.key).Build()) // want `send \(DEL at forward.go:16\) releases lock key l.key \(acquired by send \(SET NX at forward.go:16\) at forward.go:29\) without checking the owner token`
	work()
	return nil
}
