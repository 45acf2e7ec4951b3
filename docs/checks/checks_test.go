package checks

import (
	"errors"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func TestLoad_everyEmbeddedPage(t *testing.T) {
	cat, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	names, err := fs.Glob(pages, "*.md")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(cat.All()), len(names)-1; got != want || got == 0 {
		t.Fatalf("%d checks for %d pages", got, want)
	}
	for _, ch := range cat.All() {
		if got, ok := cat.Lookup(ch.Category); !ok || got.Page != ch.Page {
			t.Errorf("Lookup(%q) = %v", ch.Category, ok)
		}
		if !slices.ContainsFunc(cat.OfAnalyzer(ch.Analyzer), func(o Check) bool { return o.Category == ch.Category }) {
			t.Errorf("OfAnalyzer(%q) misses %s", ch.Analyzer, ch.Category)
		}
		if len(ch.Summary) < 200 || !strings.HasSuffix(ch.Summary, ".") {
			t.Errorf("%s: the summary is not a paragraph: %q", ch.Category, ch.Summary)
		}
	}
	if _, ok := cat.Lookup("no-such-check"); ok {
		t.Error("Lookup of an unknown category succeeded")
	}
}

// A page with every section a reader looks for, in order.
var sections = []string{"## Why it is a bug", "## Bad", "## Good", "## The fix", "## What it does not report", "## Silencing it", "## Clients"}

func TestPages_haveTheSections(t *testing.T) {
	cat, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, ch := range cat.All() {
		last := -1
		for _, s := range sections {
			i := strings.Index(ch.Page, "\n"+s+"\n")
			if i <= last {
				t.Errorf("%s.md: section %q missing or out of order", ch.Category, s)
			}
			last = i
		}
		if !strings.Contains(ch.Page, "//leasevet:ignore "+ch.Category+" ") || !strings.Contains(ch.Page, "//nolint:leasevet") {
			t.Errorf("%s.md: the silencing section must show //leasevet:ignore %s and //nolint:leasevet", ch.Category, ch.Category)
		}
	}
}

var linkPattern = regexp.MustCompile(`\]\(([^)]+)\)`)

// Pages link to each other by file name, so that they work on GitHub,
// in the SARIF help (where the driver makes them absolute) and in a
// clone; nothing points outside the repository.
func TestPages_linksStayInTheRepository(t *testing.T) {
	names, _ := fs.Glob(pages, "*.md")
	for _, name := range names {
		data, _ := fs.ReadFile(pages, name)
		text := string(data)
		for _, m := range linkPattern.FindAllStringSubmatch(text, -1) {
			target, _, _ := strings.Cut(m[1], "#")
			if strings.Contains(target, "://") {
				continue
			}
			if _, err := fs.Stat(pages, target); err != nil {
				t.Errorf("%s: link to %q: %v", name, m[1], err)
			}
		}
		// (Spelt in two parts, so that a git grep for them finds only
		// what this test forbids.)
		for _, outside := range []string{"RULES" + ".md", "design" + " text", "../"} {
			if strings.Contains(text, outside) {
				t.Errorf("%s mentions %q, which is not in the repository", name, outside)
			}
		}
	}
}

const goodIndex = "# x\n\n| Check | Analyzer | What it finds | Fix |\n|---|---|---|---|\n| [a-b](a-b.md) | `ab` | a thing | yes |\n"

const goodPage = "# a-b: a thing\n\n" +
	"| Analyzer | Fix | Severity | Security severity | Precision | Tags |\n|---|---|---|---|---|---|\n" +
	"| `ab` | yes | error | 7.0 | high | correctness, security |\n\nThe summary.\nOn two lines.\n\n## Why\n"

func TestLoad_readsAPage(t *testing.T) {
	cat, err := load(fstest.MapFS{"README.md": {Data: []byte(goodIndex)}, "a-b.md": {Data: []byte(goodPage)}})
	if err != nil {
		t.Fatal(err)
	}
	ch, _ := cat.Lookup("a-b")
	want := Check{Category: "a-b", Title: "a thing", Summary: "The summary. On two lines.", Analyzer: "ab", Fix: true,
		Severity: "error", SecuritySeverity: "7.0", Precision: "high", Tags: []string{"correctness", "security"}, Page: goodPage}
	if ch.Category != want.Category || ch.Title != want.Title || ch.Summary != want.Summary || ch.Analyzer != want.Analyzer ||
		ch.Fix != want.Fix || ch.Severity != want.Severity || ch.SecuritySeverity != want.SecuritySeverity ||
		ch.Precision != want.Precision || strings.Join(ch.Tags, ",") != "correctness,security" || ch.Page != want.Page {
		t.Errorf("got %+v\nwant %+v", ch, want)
	}
}

func TestLoad_rejectsMalformedPages(t *testing.T) {
	for name, c := range map[string]struct{ index, page, extra string }{
		"heading":           {goodIndex, strings.Replace(goodPage, "# a-b: ", "# a-b ", 1), ""},
		"header columns":    {goodIndex, strings.Replace(goodPage, "| Precision |", "| Prec |", 1), ""},
		"analyzer quotes":   {goodIndex, strings.Replace(goodPage, "`ab`", "ab", 1), ""},
		"fix value":         {goodIndex, strings.Replace(goodPage, "| yes |", "| maybe |", 1), ""},
		"severity":          {goodIndex, strings.Replace(goodPage, "| error |", "| fatal |", 1), ""},
		"security score":    {goodIndex, strings.Replace(goodPage, "| 7.0 |", "| 7 |", 1), ""},
		"security tag only": {goodIndex, strings.Replace(goodPage, "| 7.0 |", "| none |", 1), ""},
		"score without tag": {goodIndex, strings.Replace(goodPage, "correctness, security", "correctness", 1), ""},
		"precision":         {goodIndex, strings.Replace(goodPage, "| high |", "| sure |", 1), ""},
		"unknown tag":       {goodIndex, strings.Replace(goodPage, "correctness,", "style,", 1), ""},
		"no summary":        {goodIndex, strings.Replace(goodPage, "The summary.\nOn two lines.\n", "", 1), ""},
		"index title":       {strings.Replace(goodIndex, "a thing", "another thing", 1), goodPage, ""},
		"index analyzer":    {strings.Replace(goodIndex, "`ab`", "`cd`", 1), goodPage, ""},
		"index fix":         {strings.Replace(goodIndex, "| yes |", "| no |", 1), goodPage, ""},
		"index link":        {strings.Replace(goodIndex, "(a-b.md)", "(b.md)", 1), goodPage, ""},
		"index twice":       {goodIndex + "| [a-b](a-b.md) | `ab` | a thing | yes |\n", goodPage, ""},
		"no index table":    {"# x\n", goodPage, ""},
		"page not listed":   {goodIndex, goodPage, "c-d.md"},
		"listed, no page":   {strings.Replace(goodIndex, "| yes |\n", "| yes |\n| [c-d](c-d.md) | `cd` | c | no |\n", 1), goodPage, ""},
	} {
		fsys := fstest.MapFS{"README.md": {Data: []byte(c.index)}, "a-b.md": {Data: []byte(c.page)}}
		if c.extra != "" {
			fsys[c.extra] = &fstest.MapFile{Data: []byte(goodPage)}
		}
		if _, err := load(fsys); !errors.Is(err, ErrBadPage) {
			t.Errorf("%s: err = %v, want ErrBadPage", name, err)
		}
	}
}
