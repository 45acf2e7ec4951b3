// Package setnxexpire defines an Analyzer that reports lock acquisitions
// whose expiry is not set by the acquiring command.
//
// # Analyzer setnxexpire
//
// setnxexpire: check that a Redis lock gets its TTL in the same command that acquires it
//
// A lock taken with SETNX (SetNX with no expiration, SetArgs with Mode NX
// and no TTL, Do("setnx", ...)) and given its TTL by a later EXPIRE is not
// atomic: a crash, a timeout or a cancelled context between the two commands
// leaves a lock that never expires, and every later acquisition fails until
// someone deletes it by hand.
//
//	ok, _ := rdb.SetNX(ctx, key, token, 0).Result() // bad
//	rdb.Expire(ctx, key, 30*time.Second)
//
//	ok, _ := rdb.SetNX(ctx, key, token, 30*time.Second).Result() // good: SET key token EX 30 NX
//
// Categories:
//
//   - setnx-expire: the expire follows the acquire as a separate command;
//     reported at the expire.
//   - setnx-expire-pipeline: both are queued in one pipeline or MULTI; the
//     expire then runs even when SETNX failed, so a client that did not get
//     the lock extends the holder's lock. Reported at the expire.
//   - no-ttl: a lock key is acquired with no TTL and never given one.
//     Reported at the acquire. Only keys with lock evidence beyond the NX
//     (a release of the key in the same function, an owner check, a wait,
//     a lock name) are reported: SetNX alone is also the idiom for
//     idempotency markers that are meant to last.
//
// The suggested fix moves the TTL into the acquire (SetNX's expiration, or
// the TTL or ExpireAt field of a SetArgs literal) and deletes the expire
// statement; on rueidis and valkey-go it adds the SET option of the
// expire's unit to a SET NX chain (ExSeconds, PxMilliseconds, ExatTimestamp,
// PxatMillisecondsTimestamp; a SETNX chain becomes SET ... NX), and on
// go-zero it turns Setnx into SetnxEx. It is offered when the expire is a
// statement of its own (its command written inline) whose result is unused and the TTL expression can be evaluated
// at the acquire (constants, parameters, fields, locals assigned once
// before it). no-ttl has no fix: the TTL is a decision.
//
// Known false negatives: an expire reached only through a loop back edge;
// keys whose identity cannot be determined.
package setnxexpire
