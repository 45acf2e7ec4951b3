package ctorlock

import "github.com/redis/go-redis/v9"

// CacheMutex and IndexMutex build the package's mutexes; both pass the
// same named constant, so every holder writes the same value.
func CacheMutex(rdb *redis.Client) *mutex {
	return newMutex(rdb, "mutex:cache", holderName)
}

func IndexMutex(rdb *redis.Client) *mutex {
	return newMutex(rdb, "mutex:index", holderName)
}
