// Package reply holds a service's small readers of rueidis replies.
package reply

import "github.com/redis/rueidis"

// Err reads only the reply's error.
func Err(res rueidis.RedisResult) error { return res.Error() }

// Value reads the reply as a string: not only its error.
func Value(res rueidis.RedisResult) (string, error) { return res.ToString() }
