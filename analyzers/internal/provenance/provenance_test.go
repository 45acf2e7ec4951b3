package provenance_test

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"sync"
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/provenance"
	"golang.org/x/tools/go/ssa"
)

// tracedSrc holds one function per case; each passes the value under test
// as the second argument of set, the stand-in for an acquire.
const tracedSrc = `package p

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	mrand "math/rand"
	"os"
	"runtime"
	"strconv"
	"sync/atomic"
	"time"
)

func set(key string, value any) bool { return key != "" && value != nil }

const owner = "worker"

var instanceID = newInstanceID()

func newInstanceID() string { return strconv.FormatInt(mrand.Int63(), 36) }

var lockValue = "held"

var requests atomic.Uint64

type locker struct{ value string }

func newLocker() *locker { return &locker{value: "locked"} }

var defaultLocker = locker{value: "default"}

func pkgLiteral() bool { return set("k", defaultLocker.value) }

var flagOwner = "cli"

func init() { flag.StringVar(&flagOwner, "owner", flagOwner, "lock owner") }

func flagged() bool { return set("k", flagOwner) }

type config struct{ owner string }

func load() config {
	h, _ := os.Hostname()
	return config{owner: "w@" + h}
}

func constant() bool    { return set("k", owner) }
func global() bool      { return set("k", lockValue) }
func instance() bool    { return set("k", instanceID) }
func field() bool       { l := newLocker(); return set("k", l.value) }
func configured() bool  { return set("k", load().owner) }
func hostPid() bool     { h, _ := os.Hostname(); return set("k", fmt.Sprintf("%s-%d", h, os.Getpid())) }
func clock() bool       { return set("k", strconv.FormatInt(time.Now().UnixNano(), 10)) }
func phi(b bool) bool   { v := "a"; if b { v = "b" }; return set("k", v) }
func param(v string) bool { return set("k", v) }
func mixed(b bool) bool { v := os.Getenv("X"); if b { v = "c" }; return set("k", v) }
func random() bool      { b := make([]byte, 16); rand.Read(b); return set("k", hex.EncodeToString(b)) }
func counter() bool     { return set("k", fmt.Sprint(instanceID, requests.Add(1))) }
func filled() bool      { b := make([]byte, 16); fill(b); return set("k", string(b)) }
func fill(b []byte)     { copy(b, "x") }
func helper() string    { return "svc-" + strconv.Itoa(os.Getpid()) }
func viaHelper() bool   { return set("k", helper()) }
func custom() bool      { return set("k", tokenOf()) }
func getCurrentGoroutineID() uint64 {
	var buf [64]byte
	n := runtime.Stack(buf[:], false)
	id, _ := strconv.ParseUint(string(bytes.Fields(buf[:n])[1]), 10, 64)
	return id
}
func goroutine() bool   { return set("k", "g"+strconv.FormatUint(getCurrentGoroutineID(), 10)) }
func threadID() string  { b := make([]byte, 8); rand.Read(b); return hex.EncodeToString(b) }
func namedOnly() bool   { return set("k", threadID()) }
func tokenOf() string   { return strconv.FormatInt(time.Now().UnixNano(), 36) }

type lease struct{ key, value string }

func newLease(key, value string) *lease { return &lease{key: key, value: value} }
func ctorClock() bool { l := newLease("k", strconv.FormatInt(time.Now().UnixNano(), 10)); return set(l.key, l.value) }

type shared struct{ value string }

func newShared(value string) *shared { return &shared{value: value} }
func sharedFixed() *shared            { return newShared("fixed") }
func sharedRandom() *shared           { b := make([]byte, 16); rand.Read(b); return newShared(hex.EncodeToString(b)) }
func ctorMixed() bool                 { return set("k", sharedFixed().value) }

type pub struct{ value string }

func NewPub(value string) *pub { return &pub{value: value} }
func ctorExported() bool       { return set("k", NewPub("fixed").value) }

type kept struct{ value string }

func newKept(value string) *kept { return &kept{value: value} }
var makeKept = newKept
func ctorAsValue() bool          { return set("k", newKept("fixed").value) }

func prefixed(s string) string { return "x-" + s }
func viaParamHelper() bool     { return set("k", prefixed("y")) }
`

var (
	loadOnce sync.Once
	loaded   *typedPkg
	loadErr  error
)

type typedPkg struct {
	fset  *token.FileSet
	files []*ast.File
	pkg   *types.Package
	info  *types.Info
	decls map[string]*ast.FuncDecl
}

// typeCheck parses and type-checks src, importing the standard library
// from source.
func typeCheck(src string) (*typedPkg, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		return nil, err
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Implicits: map[ast.Node]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}, Scopes: map[ast.Node]*types.Scope{},
		Instances: map[*ast.Ident]types.Instance{}, FileVersions: map[*ast.File]string{},
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		return nil, err
	}
	tp := &typedPkg{fset: fset, files: []*ast.File{f}, pkg: pkg, info: info, decls: map[string]*ast.FuncDecl{}}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			tp.decls[fd.Name.Name] = fd
		}
	}
	return tp, nil
}

func tracedPkg(t testing.TB) *typedPkg {
	loadOnce.Do(func() { loaded, loadErr = typeCheck(tracedSrc) })
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return loaded
}

// valueArg returns the value argument of the call of set in fd.
func valueArg(fd *ast.FuncDecl) ast.Expr {
	var arg ast.Expr
	ast.Inspect(fd, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "set" {
				arg = call.Args[1]
			}
		}
		return arg == nil
	})
	return arg
}

func TestTracer_Trace_sourceKinds(t *testing.T) {
	tp := tracedPkg(t)
	tests := []struct {
		fn   string
		kind provenance.Kind
		main string // the main source's description, "" to skip
	}{
		{"constant", provenance.Constant, `the constant "worker"`},
		{"global", provenance.Constant, `the constant "held"`},
		{"instance", provenance.Instance, "package variable instanceID (set once when the package initialises)"},
		{"field", provenance.Constant, `the constant "locked"`},
		{"pkgLiteral", provenance.Constant, ""}, // "locked" and "default": every write of the field
		{"flagged", provenance.Unknown, ""},
		{"configured", provenance.Instance, "os.Hostname()"},
		{"hostPid", provenance.Instance, "os.Hostname()"},
		{"clock", provenance.Clock, "time.Now()"},
		{"phi", provenance.Constant, `the constant "a"`},
		{"param", provenance.Unknown, ""},
		{"mixed", provenance.Unknown, ""},
		{"random", provenance.Unique, ""},
		{"counter", provenance.Unique, ""},
		{"filled", provenance.Unknown, ""},
		{"viaHelper", provenance.Instance, "os.Getpid()"},
		{"goroutine", provenance.Instance, "the goroutine id read from runtime.Stack()"},
		{"namedOnly", provenance.Unique, ""},          // named like a thread id, but crypto/rand: the body decides
		{"ctorClock", provenance.Clock, "time.Now()"}, // through the constructor's parameter
		{"ctorMixed", provenance.Unique, ""},          // one construction is random
		{"ctorExported", provenance.Unknown, ""},      // importers may construct it
		{"ctorAsValue", provenance.Unknown, ""},       // calls through makeKept are not seen
		{"viaParamHelper", provenance.Unknown, ""},    // a helper's parameter is not its callers' union
		{"custom", provenance.Clock, "time.Now()"},
	}
	var roots []*ast.FuncDecl
	for _, tc := range tests {
		roots = append(roots, tp.decls[tc.fn])
	}
	tr := provenance.New(tp.fset, tp.pkg, tp.info, tp.files, roots)
	for _, tc := range tests {
		t.Run(tc.fn, func(t *testing.T) {
			fd := tp.decls[tc.fn]
			res := tr.Trace(fd, valueArg(fd))
			if res.Kind() != tc.kind {
				t.Fatalf("Trace(%s) kind = %v, want %v (parts %v)", tc.fn, res.Kind(), tc.kind, res.Parts)
			}
			if tc.main != "" && res.Main().Desc != tc.main {
				t.Errorf("Trace(%s) main source = %q, want %q", tc.fn, res.Main().Desc, tc.main)
			}
		})
	}
	if err := tr.Err(); err != nil {
		t.Fatal(err)
	}
}

func TestTracer_Trace_tokenFuncs(t *testing.T) {
	tp := tracedPkg(t)
	fd := tp.decls["custom"]
	tr := provenance.New(tp.fset, tp.pkg, tp.info, tp.files, []*ast.FuncDecl{fd})
	tr.TokenFuncs = []string{"p.tokenOf"}
	if k := tr.Trace(fd, valueArg(fd)).Kind(); k != provenance.Unique {
		t.Errorf("with -token-funcs p.tokenOf (a clock reading inside), kind = %v, want unique", k)
	}
}

// TestTracer_Stats_onlyReachedFunctions checks the laziness the analyzers rely
// on: tracing in one function builds it and what the trace can reach (the
// helpers it calls, the constructors writing the fields it reads), not
// the rest of the package.
func TestTracer_Stats_onlyReachedFunctions(t *testing.T) {
	tp := tracedPkg(t)
	tr := provenance.New(tp.fset, tp.pkg, tp.info, tp.files, []*ast.FuncDecl{tp.decls["field"]})
	if st := tr.Stats(); st.Built != 0 {
		t.Fatalf("SSA built before the first Trace: %+v", st)
	}
	tr.Trace(tp.decls["field"], valueArg(tp.decls["field"]))
	st := tr.Stats()
	// field, newLocker (called, and writes locker.value), set (called).
	if st.Built != 3 || st.Decls != len(tp.decls) {
		t.Errorf("Stats() = %+v, want 3 of %d declarations built", st, len(tp.decls))
	}
}

// bigSrc returns a package with n ordinary functions and one lock
// function, the shape of a service package with a little lock code.
func bigSrc(n int) string {
	var b strings.Builder
	b.WriteString("package big\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\t\"sort\"\n\t\"strings\"\n)\n\n")
	b.WriteString("func set(key string, value any) bool { return key != \"\" && value != nil }\n\n")
	b.WriteString("func acquire() bool {\n\th, _ := os.Hostname()\n\treturn set(\"lock:job\", h+fmt.Sprint(os.Getpid()))\n}\n\n")
	for i := range n {
		fmt.Fprintf(&b, `func work%d(items []string, limit int) (map[string]int, error) {
	counts := map[string]int{}
	for i, it := range items {
		if i >= limit {
			return nil, fmt.Errorf("too many items: %%d", i)
		}
		key := strings.ToLower(strings.TrimSpace(it))
		switch {
		case strings.HasPrefix(key, "x"):
			counts[key] += 2
		default:
			counts[key]++
		}
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool { return counts[keys[a]] > counts[keys[b]] })
	defer func() { _ = recover() }()
	return counts, nil
}

`, i)
	}
	return b.String()
}

// BenchmarkTrace compares the lazy build (roots: the lock function) with
// building every function of a 300-function package, which is what an
// analyzer requiring buildssa pays in every package. The metric
// funcs-built/op is the number of function declarations built with their
// bodies.
func BenchmarkTrace(b *testing.B) {
	tp, err := typeCheck(bigSrc(300))
	if err != nil {
		b.Fatal(err)
	}
	acquire := tp.decls["acquire"]
	var all []*ast.FuncDecl
	for _, fd := range tp.decls {
		all = append(all, fd)
	}
	for _, bc := range []struct {
		name  string
		roots []*ast.FuncDecl
	}{{"lock-function-only", []*ast.FuncDecl{acquire}}, {"all-functions", all}} {
		b.Run(bc.name, func(b *testing.B) {
			var st provenance.Stats
			for b.Loop() {
				tr := provenance.New(tp.fset, tp.pkg, tp.info, tp.files, bc.roots)
				if k := tr.Trace(acquire, valueArg(acquire)).Kind(); k != provenance.Instance {
					b.Fatalf("kind = %v, want per-process identity", k)
				}
				st = tr.Stats()
			}
			b.ReportMetric(float64(st.Built), "funcs-built/op")
			b.ReportMetric(float64(st.Decls), "funcs-in-pkg")
		})
	}
	// What an analyzer requiring buildssa pays: the whole import closure
	// created, every function of the package built.
	b.Run("buildssa-equivalent", func(b *testing.B) {
		for b.Loop() {
			prog := ssa.NewProgram(tp.fset, 0)
			createClosure(prog, tp.pkg.Imports(), map[*types.Package]bool{})
			p := prog.CreatePackage(tp.pkg, tp.files, tp.info, false)
			p.Build()
		}
		b.ReportMetric(float64(len(tp.decls)), "funcs-built/op")
	})
}

func createClosure(prog *ssa.Program, pkgs []*types.Package, seen map[*types.Package]bool) {
	for _, p := range pkgs {
		if !seen[p] {
			seen[p] = true
			prog.CreatePackage(p, nil, nil, true)
			createClosure(prog, p.Imports(), seen)
		}
	}
}
