package scriptexpr

import (
	"strings"
	"testing"

	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"
)

// exprOf parses src as the expression of a return statement.
func exprOf(t *testing.T, src string) ast.Expr {
	t.Helper()
	chunk, err := parse.Parse(strings.NewReader("return "+src), "test")
	if err != nil {
		t.Fatalf("parse %q: %v", src, err)
	}
	return chunk[0].(*ast.ReturnStmt).Exprs[0]
}

func TestKeyOf_forms(t *testing.T) {
	sc := NewScope(nil)
	sc.Declare("k", &Binding{Kind: KeyVal, Key: KeyID(2), Index: 2})
	sc.Declare("i", &Binding{Kind: LoopIndex, Key: "loop1"})
	for _, tc := range []struct {
		src   string
		id    string
		index int
	}{
		{"KEYS[1]", "k1", 1},
		{"k", "k2", 2},           // a local holding KEYS[2]
		{"KEYS[i]", "loop1", 0},  // the element of a loop over KEYS
		{"unpack(KEYS)", "*", 0}, // any key
		{"ARGV[1]", "", 0},       // not a key
		{"KEYS[0]", "", 0},       // no such index
		{"KEYS[1.5]", "", 0},     // not an integer
		{"table.unpack(KEYS)", "*", 0},
	} {
		if id, index := KeyOf(exprOf(t, tc.src), sc); id != tc.id || index != tc.index {
			t.Errorf("KeyOf(%s) = %q, %d; want %q, %d", tc.src, id, index, tc.id, tc.index)
		}
	}
}

func TestTokenOf_forms(t *testing.T) {
	sc := NewScope(nil)
	sc.Declare("tok", &Binding{Kind: TokenVal, Token: 4})
	for _, tc := range []struct {
		src  string
		want int
	}{
		{"ARGV[2]", 2},
		{"KEYS[2]", keysToken + 2}, // the token passed as a second key
		{"KEYS[1]", 0},             // the lock key itself
		{"string.sub(ARGV[1], 1, 8)", 1},
		{"ARGV[3]:sub(1, 8)", 3},
		{"tostring(ARGV[1])", 1},
		{"tok", 4},
		{"'owner'", 0},
	} {
		if got := TokenOf(exprOf(t, tc.src), sc); got != tc.want {
			t.Errorf("TokenOf(%s) = %d, want %d", tc.src, got, tc.want)
		}
	}
}

func TestAbsentWhen_probes(t *testing.T) {
	for _, tc := range []struct {
		cmd, lit            string
		whenEqual, whenDiff bool
	}{
		{"get", "false", true, false},
		{"get", "nil", false, false}, // a nil reply is false, never nil, in Lua
		{"exists", "0", true, false},
		{"exists", "1", false, true},
		{"pttl", "-2", true, false},
		{"ttl", "-1", false, false}, // no expiry: the key exists
	} {
		eq, diff := AbsentWhen(tc.cmd, exprOf(t, tc.lit))
		if eq != tc.whenEqual || diff != tc.whenDiff {
			t.Errorf("AbsentWhen(%s, %s) = %v, %v; want %v, %v", tc.cmd, tc.lit, eq, diff, tc.whenEqual, tc.whenDiff)
		}
	}
}

func TestKeyIndex_roundTrip(t *testing.T) {
	if n, ok := KeyIndex(KeyID(7)); !ok || n != 7 {
		t.Errorf("KeyIndex(KeyID(7)) = %d, %v", n, ok)
	}
	for _, id := range []string{"loop1", "*", "all", ""} {
		if n, ok := KeyIndex(id); ok {
			t.Errorf("KeyIndex(%q) = %d, true; want no KEYS index", id, n)
		}
	}
}
