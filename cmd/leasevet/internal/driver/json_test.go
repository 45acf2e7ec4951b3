package driver

import (
	"encoding/json"
	"testing"
)

// jsonTree is the go vet -json shape: package, analyzer, diagnostics.
type jsonTree map[string]map[string][]struct {
	Posn, Message, Category string
}

// TestWriteJSON_exit0 also checks that each finding is listed once: a.go
// belongs to the package and to its test variant, and go vet lists it once.
func TestWriteJSON_exit0(t *testing.T) {
	dir := fixtureDir(t)
	r := runCmd(t, dir, "-json", "./...")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var tree jsonTree
	if err := json.Unmarshal([]byte(r.stdout), &tree); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, r.stdout)
	}
	n := 0
	for _, byAnalyzer := range tree {
		for _, d := range byAnalyzer["badcall"] {
			// The vet tool labels the message with the category; the
			// JSON keeps the category in its field only.
			if d.Category != "bad-call" || d.Message != "call of bad" {
				t.Errorf("category %q, message %q; want bad-call and the message alone", d.Category, d.Message)
			}
			n++
		}
	}
	if n != countBad(t, dir) {
		t.Errorf("%d badcall diagnostics in JSON, want %d", n, countBad(t, dir))
	}
}
