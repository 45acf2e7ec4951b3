// Package summary computes and carries the facts through which a wrapper
// function counts as the Redis commands it issues: a Summary per function
// whose commands take their key from its parameters or fields (exported to
// importing packages), and a ScriptHash per package variable that holds
// the SHA1 of a known script.
//
// It owns summarising a package's functions (wrappers of wrappers, and
// interface methods with one implementation), instantiating a summarised
// command at a wrapper's call with the caller's arguments (Instantiate),
// and the links between a wrapper's own ops and the ops that stand for
// them at its calls (Links: Origin, Instances), through which a bug is
// reported once, where it is.
//
// It must not know how a function body is walked or a call recognised
// (the model hands it OpsOf), nor which keys are lock keys: when it
// exports the summaries it asks a Judge whether the package settled a key.
package summary
