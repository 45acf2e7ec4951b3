// Package flags sets NX markers that are not locks: nothing here may be
// reported by a rule that needs a lock key.
package flags

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/redis/go-redis/v9"
)

// Jobs marks a job as running while its log is saved and clears the mark
// when the job has finished. The marker is set under one condition and
// deleted under another, in one function, through helpers: the delete
// follows no acquire, so the pair is a flag, not a critical section.
type Jobs struct {
	rdb *redis.Client
}

func (j *Jobs) runningKey(id string) string {
	return fmt.Sprintf("job-running-%s", id)
}

func (j *Jobs) IsRunning(ctx context.Context, id string) bool {
	n, err := j.rdb.Exists(ctx, j.runningKey(id)).Result()
	if err != nil {
		log.Printf("check %s: %v", id, err)
	}
	return n == 1
}

func (j *Jobs) setRunning(ctx context.Context, id string) {
	err := j.rdb.SetNX(ctx, j.runningKey(id), "1", 24*time.Hour).Err() // ok: a marker
	if err != nil {
		log.Printf("mark %s: %v", id, err)
	}
}

func (j *Jobs) finish(ctx context.Context, id string) {
	j.rdb.Del(ctx, j.runningKey(id)) // ok: a marker
}

// SaveLog marks the job while it runs and clears the mark once it is done.
func (j *Jobs) SaveLog(ctx context.Context, id, status string, done bool, content string) error {
	if status == "running" {
		j.setRunning(ctx, id)
	}
	if content != "" {
		if err := j.rdb.Append(ctx, "job-log-"+id, content).Err(); err != nil {
			return err
		}
	}
	if done {
		j.finish(ctx, id)
	}
	return nil
}

// Seen records an event once: the same shape written inline, the mark
// and the clear under two conditions of one function.
func (j *Jobs) Seen(ctx context.Context, event string, first, expired bool) {
	if first {
		j.rdb.SetNX(ctx, "seen:"+event, 1, time.Hour) // ok: a marker
	}
	if expired {
		j.rdb.Del(ctx, "seen:"+event) // ok: a marker
	}
}
