// Package safelock is a Redis lock (a lease) for go-redis v9: one round trip
// to acquire, owner-checked release and refresh, unknown outcomes resolved
// instead of guessed, a context that ends before the server-side TTL does,
// and fencing tokens for the protected resource. It is the lock leasevet's
// fixes rewrite code to.
//
// # Low-level functions
//
// [Release], [Refresh] and [NewToken] work on a key and a token the caller
// keeps, for code that acquires with SET NX PX itself:
//
//	token := safelock.NewToken() // 128 random bits, one per acquisition
//	ok, err := rdb.SetNX(ctx, key, token, ttl).Result()
//	...
//	err = safelock.Release(ctx, rdb, key, token) // ErrNotOwner if it expired
//
// Both compare the token and act in one atomic step: with the native
// DELEX key IFEQ token and SET key token IFEQ token PX ttl on servers that
// have them (Redis 8.4+), and otherwise with a Lua script sent by SHA
// (EVALSHA, falling back to EVAL on NOSCRIPT). The choice is made once per
// client: the first call sends the native command, and a server that does
// not know it rejects it unexecuted, after which the client uses Lua. A 0
// reply is [ErrNotOwner]; it is never followed by an unconditional DEL.
//
// The client argument is a [Client]: *redis.Client, *redis.ClusterClient,
// *redis.Ring, redis.UniversalClient and redis.Cmdable all satisfy it, with
// every go-redis v9 release from v9.0.0 on: the native commands are sent as
// generic commands (go-redis has methods for them only from v9.17). The
// package is a module of its own whose only requirement is go-redis, so
// that importing it adds nothing else to a program.
//
// # Unknown outcomes
//
// A release or refresh whose call times out or whose connection breaks may or
// may not have run. safelock then reads the key: if it still holds the token
// the same conditional command is sent again; if not, the result is
// [ErrLeaseLost]; if the key cannot be read either, [ErrUnknownOutcome]. A
// go-redis client that retries commands itself (MaxRetries) can re-send a
// release that already ran, which then reports ErrNotOwner: pessimistic, never
// unsafe.
//
// # Releasing from a done context
//
// A release is clean-up, so [Release] and [Lock.Release] run with the
// caller's context values (context.WithoutCancel) but not its cancellation
// or deadline, under a bound of their own: [DefaultReleaseTimeout], or
// [WithReleaseTimeout] for a Lock, never above the lease's ttl. So
// defer lock.Release(ctx) with a request's context frees the key even when
// the request was cancelled or timed out first; under the dead context
// go-redis would fail the command before sending it, leaving the key held
// until its TTL. The read-back of an unknown outcome runs under the same
// context. The bound is a context deadline: it ends waits for a
// connection, dials and go-redis's retries, and socket reads only with
// go-redis's ContextTimeoutEnabled option; without it a server that stops
// answering can hold a release for the bound plus one ReadTimeout (3s by
// default). A release that got no answer leaves the Lock releasable; one
// Redis answered is final. Refresh does not detach: a refresh with a done
// context is the caller's choice to stop renewing, and the lease ends by
// its TTL.
//
// # Obtain and Lock
//
// [Obtain] acquires with one command: SET key token NX PX ttl, or, with
// fencing ([WithFencing]), one script that also raises the fence counter. The
// returned [Lock] has Release, Refresh, TTL, Token, Key, Fence and Context.
// Options choose the retry strategy ([NoRetry], [LinearBackoff],
// [ExponentialBackoff] with jitter, [LimitRetry]; every wait ends with the
// context), the watchdog ([WithWatchdog], renewing every ttl/3), fencing
// ([WithFencing], [WithFenceKey]), the danger-zone margin
// ([WithDangerZone], default ttl/10) and the release's bound
// ([WithReleaseTimeout]).
//
// Lock.Context is cancelled when the lease is released, when a renewal finds
// another owner, and at the danger zone: a local monotonic deadline of
// (time before the acquire or last refresh was sent) + ttl - margin. It
// always ends before the server can expire the key, so work that checks it
// before each side effect stops in time. Release stops the watchdog, waits
// for any renewal in flight, and only then sends the conditional delete.
// Without the watchdog no goroutine is started, and the deadline timer is
// armed only when Context is first called.
//
// # Fencing
//
// A lease cannot stop a holder that pauses (GC, swapping, a VM migration) or
// whose request sits in the network past the TTL: it wakes up and writes.
// With [WithFencing], [Lock.Fence] returns a number that is strictly greater
// for every new fenced acquisition of the key. Send it with every write, and
// have the resource reject a write whose fence is lower than the highest it
// has accepted (in SQL: UPDATE ... SET fence = $f WHERE id = $id AND fence
// <= $f). Every holder of a key that guards such a resource must obtain it
// with fencing: without it Fence returns 0, false, and the resource must
// reject a write that comes without a fence (a bare 0 would pass "fence >=
// highest" against an empty store).
// The counter lives in a key in the lock key's cluster slot (key + ":fence",
// inside a {hash tag} when the key has none); it moves only on a real
// acquisition, to the larger of counter + 1 and the server clock in
// microseconds, so fences keep increasing even when the counter is lost by a
// restart without persistence or by a failover.
//
// Because of that clock floor the counter matters only while it is ahead of
// the server clock, so its key is not permanent: it expires the lock's ttl
// after the clock passes the fence it holds. Key expiry and TIME read the
// same server clock, so once the key has expired the clock is past every
// fence it held and issues a larger one; a lock name no longer used leaves
// nothing behind.
//
// Fencing is opt-in because it has a price where it buys nothing: the
// acquire becomes a script instead of one SET (on loopback that measured
// 4-20% slower per acquire+release pair). A resource that does not check
// the fence gets no safety from it.
//
// # What the lock does not guarantee
//
// safelock runs on one Redis primary (or one primary per cluster slot).
// Redis replicates asynchronously: a primary can grant the lock and fail
// before the replica has it, and the promoted replica grants it again. Two
// clients then hold the lock at once, and nothing in Redis can tell either of
// them. WAIT numreplicas timeout (and WAITAOF, Redis 7.2+) after the acquire
// narrows that window by confirming that replicas (or disks) have the write,
// but it is not consensus: a failover can still pick a replica that missed
// it, and a failed WAIT does not undo the acquire. Restarting a server
// without persistence loses every lock on it the same way.
//
// A lease also ends by time, and the holder's clock, pauses and network
// delays are not under the lock's control: the danger-zone context makes a
// well-behaved holder stop early, but it cannot stop a write already on its
// way. So use the lock for efficiency (avoiding duplicate work) as it is,
// and for correctness only together with fencing checked by the resource
// itself, or a resource-side compare-and-set. If the resource cannot check
// fences and mutual exclusion must hold through failures, use a consensus
// system (etcd, ZooKeeper) instead.
package safelock
