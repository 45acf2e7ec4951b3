package analyzers_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
)

// TestFixRoundTrip_clients is TestFixRoundTrip_src on the rueidis,
// valkey-go, rueidiscompat and go-zero fixtures, whose module is apart
// from testdata/src (see fixtures.ClientsDir): their fixes (a TTL folded
// into the acquire, inline compare scripts in the client's own API) must
// be gofmt-formatted, type-check and vet against the real modules, leave
// nothing to fix, and remove what they fixed. They add no safelock
// import, so the module needs no requirement of leasevet's.
func TestFixRoundTrip_clients(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("loads the whole clients fixture module twice")
	}
	m := loadFixtures(t, clientsModule)
	dir := copyModule(t, fixtures.ClientsDir())
	roundTrip(t, m, dir, "the clients fixture module", nil)
}

// copyModule copies the module at src, without its golden files, to a
// temporary directory.
func copyModule(t *testing.T, src string) string {
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if strings.HasSuffix(path, ".golden") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
