// Package safelocktest holds the tests of safelock that need more than the
// standard library, go-redis and a redis-server: the fault suite (a TCP
// fault proxy, restarts, a failover), the porcupine linearizability check,
// a three-primary Redis Cluster, and the embedded-server (miniredis) runs.
//
// It is a module of its own so that safelock's go.mod can require go-redis
// alone: a user module that adds safelock gets go-redis and nothing else.
// It reaches safelock through a replace directive, and leasevet's test
// helpers (internal/redistest, internal/faultproxy) through another.
package safelocktest
