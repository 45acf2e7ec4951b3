package analyzers

import "github.com/leasevet/leasevet/analyzers/internal/lockmodel"

// Settings are leasevet's options as the golangci-lint plugin decodes them
// (JSON keys lock-names and token-funcs); the analyzers' flags -lock-names
// and -token-funcs set the same values of the set New builds.
type Settings = lockmodel.Settings
