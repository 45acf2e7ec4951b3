package mutex

import (
	"context"
	"log"
)

// Unlock returns the error of the DEL: the fix returns Release's.
func (m *Mutex) Unlock(ctx context.Context) error {
	return m.client.Del(ctx, m.key).Err() // want `Del releases lock key m.key \(acquired by SetNX at mutex.go:38\) without checking the owner token: if the lock expired and another client acquired it, this deletes their lock; release with a compare-and-delete such as safelock.Release`
}

// UnlockChecked checks the error in an if statement.
func (m *Mutex) UnlockChecked(ctx context.Context) error {
	if err := m.client.Unlink(ctx, m.key).Err(); err != nil { // want `Unlink releases lock key m.key \(acquired by SetNX at mutex.go:38\)`
		return err
	}
	return nil
}

// UnlockResult reads the reply with Result and only keeps the error.
func (mu *Mutex) UnlockResult(ctx context.Context) error {
	_, err := mu.client.Del(ctx, mu.key).Result() // want `Del releases lock key mu.key`
	return err
}

// UnlockStmt drops the reply; the function returns an error, so the fix
// returns the release's error.
func (m *Mutex) UnlockStmt(ctx context.Context) error {
	m.client.Del(ctx, m.key) // want `Del releases lock key m.key`
	return nil
}

// Close cannot return an error: no fix, the owner mismatch would be lost.
func (m *Mutex) Close() {
	m.client.Del(context.Background(), m.key) // want `Del releases lock key m.key`
}

// UnlockLogged uses the deleted count: no fix.
func (m *Mutex) UnlockLogged(ctx context.Context) {
	n, err := m.client.Del(ctx, m.key).Result() // want `Del releases lock key m.key`
	log.Println("unlocked", n, err)
}

// Steal reads the old value while deleting it: GETDEL is unconditional too.
func (m *Mutex) Steal(ctx context.Context) (string, error) {
	return m.client.GetDel(ctx, m.key).Result() // want `GetDel releases lock key m.key`
}

// UnlockDo sends DEL as a generic command.
func (m *Mutex) UnlockDo(ctx context.Context) error {
	return m.client.Do(ctx, "del", m.key).Err() // want `Do\("del"\) releases lock key m.key`
}

const forceDel = `return redis.call("del", KEYS[1])`

// UnlockScript deletes in a script that compares nothing.
func (m *Mutex) UnlockScript(ctx context.Context) error {
	return m.client.Eval(ctx, forceDel, []string{m.key}).Err() // want `Eval deletes lock key m.key \(acquired by SetNX at mutex.go:38\) in a script that does not compare the owner token`
}
