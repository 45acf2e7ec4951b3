// Package checks holds leasevet's documentation of its checks: one
// Markdown page per diagnostic category (bare-del.md, get-del.md, ...)
// and the index, README.md, embedded in the binary so that `leasevet help
// CATEGORY` prints the page and the SARIF log carries it as the rule's
// help.
//
// A page starts with its heading, `# <category>: <what it finds>`, and a
// one-row table of what drivers need to know of it:
//
//	| Analyzer | Fix | Severity | Security severity | Precision | Tags |
//	|---|---|---|---|---|---|
//	| `baredel` | yes | error | 7.0 | high | correctness, concurrency, security |
//
// then the summary paragraph, which a reader must understand alone. The
// index lists every page, in the order drivers show them, with the same
// analyzer, title and fix; Load checks that the two agree.
//
// It must not know the analyzers themselves (it is data, imported by the
// drivers); the tests check the pages against the analyzers.
package checks

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
)

//go:embed *.md
var pages embed.FS

// indexFile is the index page; every other .md file is a check's page.
const indexFile = "README.md"

// A Check is one diagnostic category as its page describes it.
type Check struct {
	Category         string   // the diagnostic category, the page's name: "bare-del"
	Title            string   // what it finds, from the heading: "a lock released without checking its owner"
	Summary          string   // the page's first paragraph, on one line
	Analyzer         string   // the analyzer that reports it
	Fix              bool     // whether a suggested fix is offered (where the code allows one)
	Severity         string   // SARIF problem.severity: error, warning or recommendation
	SecuritySeverity string   // SARIF security-severity, "0.1" to "10.0"; "" when the check has none
	Precision        string   // SARIF precision: very-high, high, medium or low
	Tags             []string // SARIF tags: correctness, concurrency, reliability, security
	Page             string   // the whole page, Markdown
}

// Allowed values of the header table, as SARIF consumers (GitHub code
// scanning) read them.
var (
	severities  = []string{"error", "warning", "recommendation"}
	precisions  = []string{"very-high", "high", "medium", "low"}
	allowedTags = []string{"correctness", "concurrency", "reliability", "security"}
)

// headerRow is the header of every page's table, cell by cell.
var headerRow = []string{"Analyzer", "Fix", "Severity", "Security severity", "Precision", "Tags"}

// ErrBadPage is wrapped by every error about a page's form.
var ErrBadPage = errors.New("checks: malformed page")

// A Catalog is every check, in the index's order.
type Catalog struct {
	checks []Check
}

// Load reads the embedded pages and the index. An error means the
// documentation is broken, which the package's tests rule out for the
// pages built into the binary.
func Load() (*Catalog, error) {
	return load(pages)
}

// load reads the pages from fsys.
func load(fsys fs.FS) (*Catalog, error) {
	index, err := fs.ReadFile(fsys, indexFile)
	if err != nil {
		return nil, fmt.Errorf("checks: %w", err)
	}
	rows, err := parseIndex(string(index))
	if err != nil {
		return nil, err
	}
	c := new(Catalog)
	for _, row := range rows {
		data, err := fs.ReadFile(fsys, row.Category+".md")
		if err != nil {
			return nil, fmt.Errorf("%w: the index lists %s: %w", ErrBadPage, row.Category, err)
		}
		ch, err := parsePage(row.Category, string(data))
		if err != nil {
			return nil, err
		}
		if err := row.agrees(ch); err != nil {
			return nil, err
		}
		c.checks = append(c.checks, ch)
	}
	if err := checkUnlisted(fsys, rows); err != nil {
		return nil, err
	}
	return c, nil
}

// checkUnlisted returns an error for a page the index does not list.
func checkUnlisted(fsys fs.FS, rows []indexRow) error {
	names, err := fs.Glob(fsys, "*.md")
	if err != nil {
		return fmt.Errorf("checks: %w", err)
	}
	for _, name := range names {
		cat := strings.TrimSuffix(name, ".md")
		if name != indexFile && !slices.ContainsFunc(rows, func(r indexRow) bool { return r.Category == cat }) {
			return fmt.Errorf("%w: %s is not listed in %s", ErrBadPage, name, indexFile)
		}
	}
	return nil
}

// All returns every check, in the index's order.
func (c *Catalog) All() []Check { return slices.Clone(c.checks) }

// Lookup returns the check of a category.
func (c *Catalog) Lookup(category string) (Check, bool) {
	i := slices.IndexFunc(c.checks, func(ch Check) bool { return ch.Category == category })
	if i < 0 {
		return Check{}, false
	}
	return c.checks[i], true
}

// OfAnalyzer returns the checks an analyzer reports, in the index's order.
func (c *Catalog) OfAnalyzer(name string) []Check {
	var out []Check
	for _, ch := range c.checks {
		if ch.Analyzer == name {
			out = append(out, ch)
		}
	}
	return out
}

// Index returns the index page, Markdown.
func Index() string {
	data, err := pages.ReadFile(indexFile)
	if err != nil {
		panic(err) // unreachable: the file is embedded at build time
	}
	return string(data)
}

// parsePage reads a check's page: its heading, its header table and its
// summary paragraph.
func parsePage(category, text string) (Check, error) {
	bad := func(format string, args ...any) (Check, error) {
		return Check{}, fmt.Errorf("%w: %s.md: %s", ErrBadPage, category, fmt.Sprintf(format, args...))
	}
	lines := strings.Split(text, "\n")
	title, ok := strings.CutPrefix(lines[0], "# "+category+": ")
	if !ok || strings.TrimSpace(title) == "" {
		return bad("the first line must be %q", "# "+category+": <what it finds>")
	}
	if len(lines) < 7 || lines[1] != "" || lines[5] != "" {
		return bad("the heading must be followed by a blank line, the header table and a blank line")
	}
	if !slices.Equal(tableCells(lines[2]), headerRow) || !isTableRule(lines[3], len(headerRow)) {
		return bad("the header table must have the columns %s", strings.Join(headerRow, ", "))
	}
	ch := Check{Category: category, Title: title, Page: text}
	if err := ch.setHeader(tableCells(lines[4])); err != nil {
		return bad("%v", err)
	}
	ch.Summary = paragraph(lines[6:])
	if ch.Summary == "" {
		return bad("the header table must be followed by the summary paragraph")
	}
	return ch, nil
}

// setHeader sets the fields the header table's one row gives.
func (ch *Check) setHeader(cells []string) error {
	if len(cells) != len(headerRow) {
		return fmt.Errorf("the header table's row has %d cells, want %d", len(cells), len(headerRow))
	}
	analyzer, ok := strings.CutPrefix(cells[0], "`")
	if analyzer, ok = strings.CutSuffix(analyzer, "`"); !ok || analyzer == "" {
		return fmt.Errorf("analyzer %q: want the name in backquotes", cells[0])
	}
	ch.Analyzer = analyzer
	fix, err := yesNo(cells[1])
	if err != nil {
		return err
	}
	ch.Fix = fix
	if ch.Severity = cells[2]; !slices.Contains(severities, ch.Severity) {
		return fmt.Errorf("severity %q: want one of %s", cells[2], strings.Join(severities, ", "))
	}
	if ch.SecuritySeverity, err = securitySeverity(cells[3]); err != nil {
		return err
	}
	if ch.Precision = cells[4]; !slices.Contains(precisions, ch.Precision) {
		return fmt.Errorf("precision %q: want one of %s", cells[4], strings.Join(precisions, ", "))
	}
	if ch.Tags, err = tags(cells[5]); err != nil {
		return err
	}
	if slices.Contains(ch.Tags, "security") != (ch.SecuritySeverity != "") {
		return errors.New("the security tag goes with a security severity, and only with one")
	}
	return nil
}

func yesNo(cell string) (bool, error) {
	switch cell {
	case "yes":
		return true, nil
	case "no":
		return false, nil
	}
	return false, fmt.Errorf("fix %q: want yes or no", cell)
}

// securitySeverity reads a score of one decimal, 0.1 to 10.0, or "none".
func securitySeverity(cell string) (string, error) {
	if cell == "none" {
		return "", nil
	}
	f, err := strconv.ParseFloat(cell, 64)
	if err != nil || f <= 0 || f > 10 || strconv.FormatFloat(f, 'f', 1, 64) != cell {
		return "", fmt.Errorf("security severity %q: want none or a score from 0.1 to 10.0 with one decimal", cell)
	}
	return cell, nil
}

func tags(cell string) ([]string, error) {
	var out []string
	for _, t := range strings.Split(cell, ",") {
		t = strings.TrimSpace(t)
		if !slices.Contains(allowedTags, t) || slices.Contains(out, t) {
			return nil, fmt.Errorf("tag %q: want distinct tags among %s", t, strings.Join(allowedTags, ", "))
		}
		out = append(out, t)
	}
	return out, nil
}

// tableCells splits a Markdown table row into its trimmed cells; nil when
// the line is not a row.
func tableCells(line string) []string {
	inner, ok := strings.CutPrefix(strings.TrimSpace(line), "|")
	if inner, ok = strings.CutSuffix(inner, "|"); !ok {
		return nil
	}
	cells := strings.Split(inner, "|")
	for i, c := range cells {
		cells[i] = strings.TrimSpace(c)
	}
	return cells
}

// isTableRule reports whether line is the |---|---| line of a table of n
// columns.
func isTableRule(line string, n int) bool {
	cells := tableCells(line)
	if len(cells) != n {
		return false
	}
	for _, c := range cells {
		if strings.Trim(c, "-:") != "" || !strings.Contains(c, "-") {
			return false
		}
	}
	return true
}

// paragraph joins the lines up to the first blank one.
func paragraph(lines []string) string {
	var words []string
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			break
		}
		words = append(words, strings.TrimSpace(l))
	}
	return strings.Join(words, " ")
}
