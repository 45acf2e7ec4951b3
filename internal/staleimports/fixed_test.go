package staleimports

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// Two fixes, each against the original file, replaced one of the two
// uses of strconv each: together they leave it unused. os was unused
// before the fixes (a file that does not compile is not this step's to
// mend) and go-redis's name cannot be told from its path: both stay.
func TestFixed(t *testing.T) {
	before := `package p

import (
	"crypto/rand"
	"os"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

func a() string { return strconv.FormatInt(time.Now().UnixNano(), 10) }
func b() string { return strconv.Itoa(time.Now().Second()) }
func c(r *redis.Client) string { return rand.Text() }
`
	after := strings.NewReplacer("strconv.FormatInt(time.Now().UnixNano(), 10)", "rand.Text()", "strconv.Itoa(time.Now().Second())", "rand.Text()").Replace(before)
	out, err := Fixed([]byte(before), []byte(after))
	if err != nil {
		t.Fatal(err)
	}
	for imp, want := range map[string]bool{`"strconv"`: false, `"time"`: false, `"os"`: true, `"crypto/rand"`: true, `"github.com/redis/go-redis/v9"`: true} {
		if got := strings.Contains(string(out), imp); got != want {
			t.Errorf("%s kept: %v, want %v\n%s", imp, got, want, out)
		}
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "", out, 0); err != nil {
		t.Errorf("result does not parse: %v", err)
	}
}

func TestNameFromPath(t *testing.T) {
	for p, want := range map[string]string{
		"strconv":                          "strconv",
		"crypto/rand":                      "rand",
		"github.com/redis/go-redis/v9":     "",
		"github.com/gomodule/redigo/redis": "redis",
		"gopkg.in/redis.v5":                "",
	} {
		if got := NameFromPath(p); got != want {
			t.Errorf("NameFromPath(%q) = %q, want %q", p, got, want)
		}
	}
}
