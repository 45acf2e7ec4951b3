// Package app uses the package client of locks.
package app

import (
	"context"

	"example.com/iface/locks"
)

func Clear(ctx context.Context, key string) error {
	return locks.Default.Del(ctx, key).Err()
}
