// Package heldreply builds each command into a local and reads its reply
// a few lines later, as code that logs the command or reuses it does. The
// reply is consumed where it is read: only its error there loses the
// "held by another client" answer, as in the inline forms.
package heldreply

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

var ErrHeld = errors.New("heldreply: lock held")

type JobLock struct {
	rdb   *redis.Client
	key   string
	token string
}

func NewJobLock(rdb *redis.Client, job string) *JobLock {
	return &JobLock{rdb: rdb, key: "job-lock:" + job, token: uuid.NewString()}
}

// Lock reads only the error of the held command.
func (j *JobLock) Lock(ctx context.Context) error {
	cmd := j.rdb.SetNX(ctx, j.key, j.token, time.Minute) // want `SetNX acquires lock key j.key but never looks at whether it did \(only .Err\(\) is checked`
	log.Printf("lock %s: %s", j.key, j.token)
	return cmd.Err()
}

// TryLock reads the answer from the held command: ok.
func (j *JobLock) TryLock(ctx context.Context) error {
	cmd := j.rdb.SetNX(ctx, j.key, j.token, time.Minute)
	ok, err := cmd.Result()
	if err != nil {
		return err
	}
	if !ok {
		return ErrHeld
	}
	return nil
}

// LockChecked reads the held command twice, its error and its value: ok.
func (j *JobLock) LockChecked(ctx context.Context) error {
	cmd := j.rdb.SetNX(ctx, j.key, j.token, time.Minute)
	if err := cmd.Err(); err != nil {
		return err
	}
	if !cmd.Val() {
		return ErrHeld
	}
	return nil
}
