package rediscall_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/fixturecheck"
	"github.com/leasevet/leasevet/analyzers/internal/fixtures"
	"github.com/leasevet/leasevet/analyzers/internal/luascript"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"github.com/leasevet/leasevet/analyzers/internal/ruletest"
	"golang.org/x/tools/go/analysis"
)

// probe reports, for every recognised call, the command, key, expiry and
// queueing that rediscall attributes to it; the fixture's want comments are
// the table.
var probe = &analysis.Analyzer{
	Name: "probe",
	Doc:  "report what rediscall recognises",
	Run: func(pass *analysis.Pass) (any, error) {
		env := rediscall.NewEnv(pass.Fset, pass.Pkg, pass.TypesInfo, pass.Files)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if c := env.Recognize(call); c != nil && c.Kind != rediscall.KindOther {
						pass.Reportf(call.Pos(), "%s", describe(c))
					}
				}
				return true
			})
		}
		return nil, nil
	},
}

func describe(c *rediscall.Call) string {
	var b strings.Builder
	key := "?"
	if c.KeyExpr != nil {
		key = types.ExprString(c.KeyExpr)
	}
	fmt.Fprintf(&b, "%s key=%s", c.Command, key)
	if c.Script != nil {
		fmt.Fprintf(&b, " script=%s", scriptShape(c.Script))
	} else {
		fmt.Fprintf(&b, " ttl=%s", map[rediscall.TTLState]string{rediscall.TTLUnknown: "unknown", rediscall.NoTTL: "no", rediscall.HasTTL: "yes"}[c.TTLIs])
	}
	if c.Queued {
		b.WriteString(" queued")
	}
	return b.String()
}

func scriptShape(s *rediscall.ScriptCall) string {
	if !s.Known {
		return "unknown"
	}
	sc, err := luascript.Classify(s.Source)
	if err != nil {
		return "invalid"
	}
	if guarded, ok := sc.DeletesKey(1); ok {
		if guarded {
			return "guarded-del"
		}
		return "bare-del"
	}
	return "other"
}

// TestRecognize judges the probe by ./recognize of both fixture modules:
// go-redis and redigo in testdata/src, rueidis, valkey-go and go-zero in
// testdata/clients, GoFrame's gredis in testdata/gredis.
func TestRecognize(t *testing.T) {
	fixturecheck.Run(t, probe, ruletest.Opaque,
		fixturecheck.Row{Dir: fixtures.Dir(), Patterns: []string{"./recognize"}},
		fixturecheck.Row{Dir: fixtures.ClientsDir(), Patterns: []string{"./recognize"}},
		fixturecheck.Row{Dir: fixtures.GredisDir(), Patterns: []string{"./recognize"}},
	)
}
