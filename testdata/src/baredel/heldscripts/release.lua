-- drop the lock and its waiters' queue
redis.call("del", KEYS[1])
return redis.call("del", KEYS[2])
