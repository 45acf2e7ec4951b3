// Package suppress is the report funnel of the leasevet analyzers: every
// diagnostic goes through Directives.Report, which drops those that a
// suppression directive (//leasevet:ignore <analyzer or category> <reason>,
// //nolint:leasevet) silences, and CheckDirectives reports the directives
// that give no reason or name nothing leasevet knows.
//
// It owns the directive syntax and the table of diagnostic categories and
// the analyzers that report them. It must not know what a finding means:
// no model, ops or keys, only positions, analyzer names and categories.
package suppress
