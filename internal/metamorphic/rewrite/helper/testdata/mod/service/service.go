// Package service releases locks with a package client and a lock type.
package service

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

var rdb = redis.NewClient(&redis.Options{})

const prefix = "svc:lock:"

type Job struct {
	name  string
	token string
	opts  options
}

type options struct{ ttl time.Duration }

func (j *Job) Run(ctx context.Context, work func()) {
	if !rdb.SetNX(ctx, prefix+j.name, j.token, j.opts.ttl).Val() {
		return
	}
	work()
	rdb.Del(ctx, prefix+j.name)
}

// Next calls a method of its own package: it stays where it is.
func (j *Job) Next(ctx context.Context) {
	rdb.Del(ctx, j.key())
}

func (j *Job) key() string { return prefix + j.name }

// Rename assigns a field: the assignment stays, its right side moves.
func (j *Job) Rename(ctx context.Context, name string) {
	j.name = rdb.Get(ctx, prefix+name).Val()
}

// Release checks the reply's error in an if; the deferred one stays.
func Release(ctx context.Context, name string) error {
	defer rdb.Del(ctx, prefix+name+":owner").Err()
	if err := rdb.Del(ctx, prefix+name).Err(); err != nil {
		return err
	}
	return nil
}
