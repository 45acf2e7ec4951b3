package lockmodel

import "testing"

// TestSplitFuncName: the package and the name of a function or method
// whose full name a fact's key template holds.
func TestSplitFuncName(t *testing.T) {
	for _, c := range []struct{ full, pkg, name string }{
		{"github.com/gogf/gf/v2/util/gconv.String", "github.com/gogf/gf/v2/util/gconv", "String"},
		{"fmt.Sprint", "fmt", "Sprint"},
		{"gopkg.in/redis.v5.Key", "gopkg.in/redis.v5", "Key"},
		{"(*example.com/app/keys.Builder).Lock", "example.com/app/keys", "Lock"},
		{"(example.com/app/keys.Space).Of", "example.com/app/keys", "Of"},
	} {
		pkg, name := splitFuncName(c.full)
		if pkg != c.pkg || name != c.name {
			t.Errorf("splitFuncName(%q) = %q, %q; want %q, %q", c.full, pkg, name, c.pkg, c.name)
		}
	}
}
