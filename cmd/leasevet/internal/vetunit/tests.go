package vetunit

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// testsWanted reports whether args leave -test at its default, true; a
// value that is not a bool is left for unitchecker's flag parsing to
// reject.
func testsWanted(args []string) bool {
	want := true
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name != TestFlag {
			continue
		}
		want = true
		if hasValue {
			if b, err := strconv.ParseBool(value); err == nil {
				want = b
			}
		}
	}
	return want
}

// withoutTests prepares the unit described by the .cfg file name for
// -test=false: it returns the name of a copy of the file without the
// package's _test.go files, name itself when there is nothing to leave
// out (not a .cfg file, a facts-only unit, no test files), or skip when
// every file is a test file (an external test package), which is then not
// analysed at all. Only GoFiles changes: the rest of the file is copied
// as go vet wrote it, fields this version does not know included.
func withoutTests(name string) (cfg string, skip bool, err error) {
	if !strings.HasSuffix(name, ".cfg") {
		return name, false, nil
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return "", false, fmt.Errorf("reading vet config: %w", err)
	}
	var fields map[string]json.RawMessage
	var unit struct {
		VetxOnly bool
		GoFiles  []string
	}
	if err := json.Unmarshal(data, &fields); err != nil {
		return "", false, fmt.Errorf("decoding vet config %s: %w", name, err)
	}
	if err := json.Unmarshal(data, &unit); err != nil {
		return "", false, fmt.Errorf("decoding vet config %s: %w", name, err)
	}
	kept := slices.DeleteFunc(slices.Clone(unit.GoFiles), func(f string) bool { return strings.HasSuffix(f, "_test.go") })
	switch {
	case unit.VetxOnly || len(kept) == len(unit.GoFiles):
		return name, false, nil
	case len(kept) == 0:
		return "", true, nil
	}
	if fields["GoFiles"], err = json.Marshal(kept); err != nil {
		return "", false, err
	}
	if data, err = json.Marshal(fields); err != nil {
		return "", false, err
	}
	// Next to go vet's own file, in its per-package work directory,
	// which the go command removes.
	cfg = filepath.Join(filepath.Dir(name), "leasevet-notests.cfg")
	if err := os.WriteFile(cfg, data, 0o600); err != nil {
		return "", false, fmt.Errorf("writing vet config: %w", err)
	}
	return cfg, false, nil
}
