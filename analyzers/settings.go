package analyzers

import (
	"fmt"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
)

// Settings are leasevet's options as the golangci-lint plugin decodes them
// (JSON keys); the analyzers' flags -lock-names and -token-funcs set the
// same values.
type Settings = lockmodel.Settings

// Apply sets the analyzers' shared flags from s. Empty fields keep their
// defaults.
func Apply(s Settings) error {
	fs := lockmodel.Flags
	if s.LockNames != "" {
		if err := fs.Set("lock-names", s.LockNames); err != nil {
			return fmt.Errorf("leasevet setting lock-names: %w", err)
		}
	}
	if len(s.TokenFuncs) > 0 {
		if err := fs.Set("token-funcs", strings.Join(s.TokenFuncs, ",")); err != nil {
			return fmt.Errorf("leasevet setting token-funcs: %w", err)
		}
	}
	return nil
}
