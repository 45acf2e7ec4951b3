package checkdel

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// RWLock keeps its writer's key and token in fields of their own.
type RWLock struct {
	client   *redis.Client
	writeKey string
	writeTok string
}

func (l *RWLock) Lock(ctx context.Context) (bool, error) {
	return l.client.SetNX(ctx, l.writeKey, l.writeTok, 0).Result()
}

// Unlock treats a missing key as an error: the whole becomes one release.
func (l *RWLock) Unlock(ctx context.Context) error {
	val, err := l.client.Get(ctx, l.writeKey).Result()
	// A missing key is not ours to delete.
	if err == redis.Nil {
		return ErrNotHeld
	}
	if err != nil {
		return err
	}
	if val != l.writeTok {
		return ErrTaken
	}
	return l.client.Del(ctx, l.writeKey).Err() // want `Del deletes lock key l.writeKey`
}

// UnlockIdle treats a missing key as a success, which a release that
// answers "not the owner" cannot tell from a token that differs: the GET
// stays for that answer, and the compare and DEL become one release.
func (l *RWLock) UnlockIdle(ctx context.Context) error {
	val, err := l.client.Get(ctx, l.writeKey).Result()
	if err == redis.Nil {
		return nil
	}
	if err != nil {
		return err
	}
	if val != l.writeTok {
		return ErrTaken
	}
	return l.client.Del(ctx, l.writeKey).Err() // want `Del deletes lock key l.writeKey`
}
