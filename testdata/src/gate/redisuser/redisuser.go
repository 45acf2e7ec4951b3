package redisuser // want package:"model built"

// Package redisuser reaches go-redis through another package only.

import "example.com/fixtures/setnxexpire/lockv9"

var _ *lockv9.Lock
