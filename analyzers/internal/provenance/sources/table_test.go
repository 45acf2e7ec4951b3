package sources

import "testing"

func TestFuncKind_wildcards(t *testing.T) {
	for _, tc := range []struct {
		name string
		kind Kind
		ok   bool
	}{
		{"crypto/rand.Text", Unique, true},    // "crypto/rand.*"
		{"math/rand/v2.IntN", Unique, true},   // its own row, not math/rand's
		{"crypto/randx.Text", Unknown, false}, // a wildcard stops at the package path
		{"os.Hostname", Instance, true},
		{"time.Now", Clock, true},
		{"time.Since", Unknown, false},
	} {
		if k, ok := FuncKind(tc.name); k != tc.kind || ok != tc.ok {
			t.Errorf("FuncKind(%s) = %v, %v; want %v, %v", tc.name, k, ok, tc.kind, tc.ok)
		}
	}
}

func TestPasses_modes(t *testing.T) {
	for _, tc := range []struct {
		name string
		mode PassMode
	}{
		{"fmt.Sprintf", PassArgs},
		{"time.Time.UnixNano", PassRecv}, // "time.Time.*"
		{"encoding/base64.Encoding.EncodeToString", PassNonRecv},
		{"os.Getenv", 0},
	} {
		if mode, _ := Passes(tc.name); mode != tc.mode {
			t.Errorf("Passes(%s) = %v, want %v", tc.name, mode, tc.mode)
		}
	}
}

func TestIsTokenFunc_patterns(t *testing.T) {
	extra := []string{"example.com/ids.New", "example.com/tok.*"}
	for name, want := range map[string]bool{
		"example.com/ids.New":    true,
		"example.com/ids.NewV2":  false,
		"example.com/tok.Mint":   true,
		"example.com/tok.T.Mint": true,
		"example.com/token.Mint": false,
	} {
		if got := IsTokenFunc(extra, name); got != want {
			t.Errorf("IsTokenFunc(%s) = %v, want %v", name, got, want)
		}
	}
}
