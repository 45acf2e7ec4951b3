// Package redisop defines the vocabulary of leasevet's model of a
// package: a function (Func) and the Redis commands it issues (Op),
// directly or through a wrapper whose summary records the command
// (SummaryOp), each with its key identity and how its reply is consumed.
//
// It holds the data and the questions one op answers by itself: where it
// is reported, whether it can run after another op of its function, and
// whether a finding at it belongs to this package. It must not know how
// calls are recognised or ops built (lockmodel), what a summary fact is
// (summary), or which keys are lock keys (lockkey): every other part of
// the model imports it, so it imports none of them.
package redisop
