package redsynclike

import (
	"context"
	"strconv"
)

func (m *Mutex) UnlockContext(ctx context.Context) (bool, error) {
	status, err := m.client.Eval(ctx, deleteScript, []string{m.name}, m.value).Int64()
	if err != nil {
		return false, err
	}
	if status == -1 {
		return false, ErrLockAlreadyExpired
	}
	return status != 0, nil
}

func (m *Mutex) ExtendContext(ctx context.Context) (bool, error) {
	ms := strconv.FormatInt(m.expiry.Milliseconds(), 10)
	status, err := m.client.Eval(ctx, touchScript, []string{m.name}, m.value, ms).Int64()
	if err != nil {
		return false, err
	}
	return status != 0, nil
}
