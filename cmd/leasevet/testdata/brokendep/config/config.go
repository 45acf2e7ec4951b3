// Package config holds the service's settings. It does not compile: the
// lock TTL became a string in the settings file and its accessor was left
// behind, the way a package breaks halfway through a refactor.
package config

import "time"

// Settings are read from the service's settings file.
type Settings struct {
	LockTTL string // "30s"
}

// LockTTL is how long a job lock lives.
func LockTTL(s Settings) time.Duration {
	return s.LockTTL
}
