package staleimports

import (
	"path"
	"strings"
	"testing"
)

const fixed = `package p

import (
	"crypto/rand"
	"strconv"
	"time"
	_ "embed"
	str "strings"
	"github.com/redis/go-redis/v9"
)

func a() string { return rand.Text() }
func b() string { return rand.Text() }
func c() time.Duration { return time.Second }
func d(c *redis.Client) {}
`

func TestRemove(t *testing.T) {
	for _, tc := range []struct {
		name   string
		drop   func(string) bool
		gone   []string
		stayed []string
	}{
		{"every unused import", func(string) bool { return true },
			[]string{`"strconv"`, `str "strings"`}, []string{`"crypto/rand"`, `"time"`, `_ "embed"`, `"github.com/redis/go-redis/v9"`}},
		{"only those drop accepts", func(name string) bool { return name == "strconv" },
			[]string{`"strconv"`}, []string{`str "strings"`, `"time"`}},
		{"none", func(string) bool { return false },
			nil, []string{`"strconv"`, `str "strings"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			nameOf := func(p string) string {
				if p == "github.com/redis/go-redis/v9" {
					return "" // unknown: stays whatever drop says
				}
				return path.Base(p)
			}
			out, err := Remove([]byte(fixed), nameOf, tc.drop)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range tc.gone {
				if strings.Contains(string(out), imp) {
					t.Errorf("%s was not removed:\n%s", imp, out)
				}
			}
			for _, imp := range tc.stayed {
				if !strings.Contains(string(out), imp) {
					t.Errorf("%s was removed:\n%s", imp, out)
				}
			}
		})
	}
}

func TestRemove_unparsable(t *testing.T) {
	if _, err := Remove([]byte("package p\nfunc {"), path.Base, func(string) bool { return true }); err == nil {
		t.Error("no error for a file that does not parse")
	}
}
