package lockv9

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// RunJob picks its token in a local and uses it for both commands: the
// fix changes the one assignment.
func RunJob(ctx context.Context, rdb *redis.Client, job func() error) error {
	token := "job-runner"
	ok, err := rdb.SetNX(ctx, "lock:job", token, time.Minute).Result() // want `SetNX writes the constant "job-runner" \(job.go:13\) as the value of lock key "lock:job"`
	if err != nil || !ok {
		return err
	}
	jobErr := job()
	n, err := unlockScript.Run(ctx, rdb, []string{"lock:job"}, token).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotHeld
	}
	return jobErr
}

// RunReport releases with the literal instead of the variable: rewriting
// the acquire alone would make the release never match, so no fix.
func RunReport(ctx context.Context, rdb *redis.Client) error {
	token := "reporter"
	ok, err := rdb.SetNX(ctx, "lock:report", token, time.Minute).Result() // want `SetNX writes the constant "reporter" \(job.go:32\) as the value of lock key "lock:report"`
	if err != nil || !ok {
		return err
	}
	n, err := unlockScript.Run(ctx, rdb, []string{"lock:report"}, "reporter").Int()
	if err == nil && n == 0 {
		err = ErrNotHeld
	}
	return err
}
