package safelock

// NewLockWithFence builds a Lock that carries only a fence, for tests of
// resource-side fence checks that need no Redis.
func NewLockWithFence(fence int64) *Lock { return &Lock{fence: fence} }
