// Package send is a service's transport package: it sends whatever
// command its callers build, and knows nothing of what the command does.
package send

import (
	"context"

	"github.com/redis/rueidis"
)

// One sends cmd over c and returns its reply.
func One(ctx context.Context, cmd rueidis.Completed, c rueidis.Client) rueidis.RedisResult {
	return c.Do(ctx, cmd)
}
