package checks_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/leasevet/leasevet/analyzers"
	"github.com/leasevet/leasevet/docs/checks"
)

// A block is one ```go block of a page. Each is a whole Go file, built
// as a package of its own in a scratch module that requires what the
// fixture module testdata/src requires (go-redis v9, v8 and v6, redigo,
// bsm/redislock, redsync, uuid, safelock), offline.
//
// A comment `// [category]` marks a line where leasevet must report that
// category; every other line must be silent, for every analyzer. Markers
// of a category whose analyzer is not in the set yet are only built.
type block struct {
	page    string // the category whose page holds it
	line    int    // the page's line of the block's first line of code
	src     string
	markers map[int][]string // block line (1-based) → categories expected there
}

// markerPattern matches a `// [category]` marker in a line comment.
var markerPattern = regexp.MustCompile(`//\s*\[([a-z]+(?:-[a-z]+)*)\]`)

// goBlocks returns the ```go blocks of a page.
func goBlocks(category, page string) []*block {
	var out []*block
	var cur *block
	var code []string
	for i, line := range strings.Split(page, "\n") {
		switch {
		case cur == nil && line == "```go":
			cur, code = &block{page: category, line: i + 2, markers: make(map[int][]string)}, nil
		case cur != nil && line == "```":
			cur.src = strings.Join(code, "\n") + "\n"
			out = append(out, cur)
			cur = nil
		case cur != nil:
			code = append(code, line)
			for _, m := range markerPattern.FindAllStringSubmatch(line, -1) {
				cur.markers[len(code)] = append(cur.markers[len(code)], m[1])
			}
		}
	}
	return out
}

// A finding is what the analyzers reported on one line of a block.
type finding struct {
	line     int
	category string
	fixed    bool // it carries a suggested fix
	message  string
}

func TestPages_goBlocksBuildAndAreReportedAsMarked(t *testing.T) {
	cat := loadCatalog(t)
	var blocks []*block
	for _, ch := range cat.All() {
		blocks = append(blocks, goBlocks(ch.Category, ch.Page)...)
	}
	directives := directiveBlock(cat)
	set := analyzers.Default()
	found := analyzeBlocks(t, append(blocks, directives), set)
	inSet := func(category string) bool {
		ch, ok := cat.Lookup(category)
		return ok && slices.ContainsFunc(set, func(a *analysis.Analyzer) bool { return a.Name == ch.Analyzer })
	}
	for i, b := range blocks {
		checkMarkers(t, cat, b, found[i], inSet)
	}
	checkPagesShowBadAndGood(t, cat, blocks)
	checkFixColumn(t, cat, blocks, found, inSet)
	checkDirectiveNames(t, cat, directives, found[len(blocks)], inSet)
}

// directiveBlock is a file with a //leasevet:ignore directive naming each
// check, in a package that uses go-redis (so that the analyzers run).
func directiveBlock(cat *checks.Catalog) *block {
	var b strings.Builder
	b.WriteString("package directives\n\nimport (\n\t\"context\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\n")
	b.WriteString("func Ping(ctx context.Context, rdb *redis.Client) {\n")
	for _, ch := range cat.All() {
		fmt.Fprintf(&b, "\t//leasevet:ignore %s the page's name must be a known name\n\trdb.Ping(ctx)\n", ch.Category)
	}
	b.WriteString("}\n")
	return &block{page: "README", line: 1, src: b.String(), markers: map[int][]string{}}
}

// checkDirectiveNames requires every check's name to be accepted in a
// directive, once its analyzer is in the set.
func checkDirectiveNames(t *testing.T, cat *checks.Catalog, b *block, found []finding, inSet func(string) bool) {
	t.Helper()
	lines := strings.Split(b.src, "\n")
	for _, f := range found {
		name := strings.Fields(strings.TrimSpace(lines[f.line-1]))[1]
		if f.category != "ignore-name" || inSet(name) {
			t.Errorf("//leasevet:ignore %s: %s", name, f.message)
		}
	}
}

func loadCatalog(t *testing.T) *checks.Catalog {
	t.Helper()
	cat, err := checks.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// checkMarkers compares a block's findings with its markers.
func checkMarkers(t *testing.T, cat *checks.Catalog, b *block, found []finding, inSet func(string) bool) {
	t.Helper()
	type at struct {
		line     int
		category string
	}
	want := make(map[at]bool)
	for line, cats := range b.markers {
		for _, c := range cats {
			if _, ok := cat.Lookup(c); !ok {
				t.Errorf("%s.md:%d: marker [%s] names no check", b.page, b.line+line-1, c)
			}
			if inSet(c) {
				want[at{line, c}] = true
			}
		}
	}
	for _, f := range found {
		if !want[at{f.line, f.category}] {
			t.Errorf("%s.md:%d: unexpected [%s]: %s", b.page, b.line+f.line-1, f.category, f.message)
		}
		delete(want, at{f.line, f.category})
	}
	for k := range want {
		t.Errorf("%s.md:%d: marked [%s], but leasevet does not report it there", b.page, b.line+k.line-1, k.category)
	}
}

// checkPagesShowBadAndGood requires each page to show its check reported
// (a block marked with its category) and code that is silent.
func checkPagesShowBadAndGood(t *testing.T, cat *checks.Catalog, blocks []*block) {
	t.Helper()
	for _, ch := range cat.All() {
		bad, good := false, false
		for _, b := range blocks {
			if b.page != ch.Category {
				continue
			}
			good = good || len(b.markers) == 0
			for _, cats := range b.markers {
				bad = bad || slices.Contains(cats, ch.Category)
			}
		}
		if !bad || !good {
			t.Errorf("%s.md: want a Go block marked // [%s] and one with no marker (bad %t, good %t)",
				ch.Category, ch.Category, bad, good)
		}
	}
}

// checkFixColumn checks the pages' Fix column against the analyzers: a
// check with a fix offers one on one of its page's bad blocks, a check
// without offers none anywhere.
func checkFixColumn(t *testing.T, cat *checks.Catalog, blocks []*block, found [][]finding, inSet func(string) bool) {
	t.Helper()
	fixedOnPage := make(map[string]bool)
	for i, b := range blocks {
		for _, f := range found[i] {
			ch, _ := cat.Lookup(f.category)
			if f.fixed && !ch.Fix {
				t.Errorf("%s.md:%d: [%s] offers a fix, but its page says Fix: no", b.page, b.line+f.line-1, f.category)
			}
			if f.fixed && b.page == f.category {
				fixedOnPage[f.category] = true
			}
		}
	}
	for _, ch := range cat.All() {
		_, broken := brokenFixes[ch.Category]
		switch {
		case !ch.Fix || !inSet(ch.Category):
		case broken && fixedOnPage[ch.Category]:
			t.Errorf("%s's fix works again: remove it from brokenFixes", ch.Category)
		case !broken && !fixedOnPage[ch.Category]:
			t.Errorf("%s.md says Fix: yes, but no block of the page gets a fix", ch.Category)
		}
	}
}

// brokenFixes are the checks whose page documents a fix that the
// analyzer does not offer today, each with the reason. The test fails
// when one works again, so that the entry goes.
var brokenFixes = map[string]string{}

// analyzeBlocks builds every block in a scratch module and runs the
// analyzers on them; it returns each block's findings.
func analyzeBlocks(t *testing.T, blocks []*block, set []*analysis.Analyzer) [][]finding {
	t.Helper()
	dir := scratchModule(t)
	files := make(map[string]int) // file → block index
	for i, b := range blocks {
		if !strings.HasPrefix(b.src, "package ") {
			t.Errorf("%s.md:%d: a Go block must be a whole file, starting with its package clause", b.page, b.line)
			continue
		}
		name := filepath.Join(dir, fmt.Sprintf("b%02d", i), "code.go")
		writeFile(t, name, b.src)
		files[name] = i
	}
	pkgs := loadPackages(t, dir, blocks, files)
	graph, err := checker.Analyze(set, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := make([][]finding, len(blocks))
	for act := range graph.All() {
		if act.Err != nil && act.IsRoot {
			t.Errorf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
		}
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			i, ok := files[posn.Filename]
			if !ok {
				t.Errorf("a finding outside the blocks: %s: %s", posn, d.Message)
				continue
			}
			found[i] = append(found[i], finding{posn.Line, d.Category, len(d.SuggestedFixes) > 0, d.Message})
		}
	}
	return found
}

// loadPackages loads the blocks' packages; an error of a block is
// reported at its page's line.
func loadPackages(t *testing.T, dir string, blocks []*block, files map[string]int) []*packages.Package {
	t.Helper()
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax | packages.NeedTypesInfo |
			packages.NeedDeps | packages.NeedModule,
		Dir: dir,
		Env: append(os.Environ(), "GO111MODULE=on", "GOPROXY=off", "GOWORK=off", "GOFLAGS=-mod=mod"),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Errorf("%s", blockError(e, blocks, files))
		}
	}
	if t.Failed() {
		t.FailNow()
	}
	return pkgs
}

// blockError places a load error at its page's line.
func blockError(e packages.Error, blocks []*block, files map[string]int) string {
	file, rest, _ := strings.Cut(e.Pos, ":")
	i, ok := files[file]
	if !ok {
		return e.Error()
	}
	var line int
	fmt.Sscanf(rest, "%d", &line)
	b := blocks[i]
	return fmt.Sprintf("%s.md:%d: %s", b.page, b.line+line-1, e.Msg)
}

// scratchModule writes a module that requires what testdata/src requires,
// with safelock replaced by the repository's.
func scratchModule(t *testing.T) string {
	t.Helper()
	fixtures, err := filepath.Abs(filepath.Join("..", "..", "testdata", "src"))
	if err != nil {
		t.Fatal(err)
	}
	gomod := readFile(t, filepath.Join(fixtures, "go.mod"))
	gomod = strings.Replace(gomod, "module example.com/fixtures", "module example.com/checkpages", 1)
	gomod = strings.Replace(gomod, "=> ../../safelock", "=> "+filepath.Join(fixtures, "..", "..", "safelock"), 1)
	if !strings.Contains(gomod, "example.com/checkpages") || !strings.Contains(gomod, filepath.Join(fixtures, "..", "..", "safelock")) {
		t.Fatalf("testdata/src/go.mod changed its module line or its safelock replace:\n%s", gomod)
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), gomod)
	writeFile(t, filepath.Join(dir, "go.sum"), readFile(t, filepath.Join(fixtures, "go.sum")))
	return dir
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func writeFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
