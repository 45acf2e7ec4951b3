// Package suppress is the report funnel of the leasevet analyzers: every
// diagnostic goes through Directives.Report, which drops those that a
// suppression directive (//leasevet:ignore <analyzer or category> <reason>,
// //nolint:leasevet) silences, and CheckDirectives reports the directives
// that give no reason or name nothing leasevet knows.
//
// It owns the directive syntax and its checks. The names a directive may
// give are the analyzers' own: each analyzer declares its categories, and
// the analyzer set hands them over (Check). It must not know what a
// finding means, nor which analyzer reports which category: no model,
// ops or keys, only positions and the names it is given.
package suppress
