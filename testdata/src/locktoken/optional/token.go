package optional

import (
	"crypto/rand"
	"encoding/hex"
)

func newToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
