// Package lockbench compares safelock with a raw SET NX PX + EVALSHA lock,
// github.com/bsm/redislock and github.com/go-redsync/redsync/v4 against a
// real redis-server, in one run. It is its own module so that the compared
// libraries stay out of leasevet's dependencies.
//
// Run it from this directory:
//
//	go test -run '^$' -bench . -count 3
//
// Each benchmark reports ns/op for an acquire+release pair, rtt/op (commands
// sent by the client per pair, counted by a go-redis hook: each is one
// round trip, nothing is pipelined) and srvcmds/op (commands Redis executed
// per pair from INFO commandstats deltas, which include the commands run
// inside scripts).
package lockbench
