// Package plainhelpers reaches no Redis client and has the small exported
// helpers every package has: no token fact is computed for them (and no SSA
// built), because none calls a token source such as os.Hostname or
// time.Now.
package plainhelpers

// Version is set by the linker.
var Version = "dev"

// MaxRetries is a tunable.
var MaxRetries = 3

// Name names the service.
func Name() string { return "plainhelpers" }

// Label reads a package variable.
func Label() string { return Name() + "/" + Version }
