package ownerhelper

import "context"

// UnlockSwitch compares the value with the token in a switch: the same
// check-then-act as with ==.
func (l *Lock) UnlockSwitch(ctx context.Context) error {
	switch l.rdb.Get(ctx, l.key).Val() {
	case l.token:
		return l.rdb.Del(ctx, l.key).Err() // want `Del deletes lock key l.key \(acquired by SetNX at ownerhelper.go:28\) after Get at switch.go:8 compared its value in Go`
	default:
		return ErrNotOwner
	}
}

// UnlockIfSet switches on constants only: an existence test, not an
// owner check, so the delete is a bare one (baredel's).
func (l *Lock) UnlockIfSet(ctx context.Context) {
	switch l.rdb.Get(ctx, l.key).Val() {
	case "":
	default:
		l.rdb.Del(ctx, l.key)
	}
}
