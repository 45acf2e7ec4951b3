// Package ownerfix writes the suggested fixes that make an unconditional
// release or renewal of a lock key owner-checked: safelock.Release or
// Refresh for go-redis v9, an inline compare script in the client's own
// API for the others. getdel, baredel and barerenew call Fix once they
// have decided to report an op and found its owner token.
//
// It owns the shapes of the replacement calls and the conditions under
// which the caller's error handling keeps its meaning. It must not know
// why an op is reported: whether a key is a lock key, or where its token
// comes from, is the analyzers' judgement, handed over in a Spec.
package ownerfix
