// Package ownercmd sends safelock's owner-checked commands, the ones that
// compare the token and act in one atomic step: the Lua scripts (release,
// refresh, PTTL, the fenced acquire), and DELEX IFEQ and SET IFEQ where the
// servers have them (Redis 8.4+), with the per-client record of which of
// the two a client's servers accept.
//
// It answers only whether Redis applied a command. It must not know about
// leases, retries, deadlines or how an unknown outcome is resolved, nor
// safelock's public errors: package safelock decides what an answer means.
package ownercmd
