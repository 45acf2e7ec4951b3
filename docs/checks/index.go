package checks

import (
	"fmt"
	"slices"
	"strings"
)

// indexHeader is the header of the index's table of checks.
var indexHeader = []string{"Check", "Analyzer", "What it finds", "Fix"}

// An indexRow is one line of the index's table:
//
//	| [bare-del](bare-del.md) | `baredel` | a lock released without checking its owner | yes |
type indexRow struct {
	Category, Analyzer, Title string
	Fix                       bool
}

// parseIndex reads the index's table of checks: the first table whose
// header is indexHeader.
func parseIndex(text string) ([]indexRow, error) {
	lines := strings.Split(text, "\n")
	start := slices.IndexFunc(lines, func(l string) bool { return slices.Equal(tableCells(l), indexHeader) })
	if start < 0 || start+1 >= len(lines) || !isTableRule(lines[start+1], len(indexHeader)) {
		return nil, fmt.Errorf("%w: %s has no table with the columns %s", ErrBadPage, indexFile, strings.Join(indexHeader, ", "))
	}
	var rows []indexRow
	for i := start + 2; i < len(lines) && tableCells(lines[i]) != nil; i++ {
		row, err := parseIndexRow(tableCells(lines[i]))
		if err != nil {
			return nil, fmt.Errorf("%w: %s:%d: %w", ErrBadPage, indexFile, i+1, err)
		}
		if slices.ContainsFunc(rows, func(r indexRow) bool { return r.Category == row.Category }) {
			return nil, fmt.Errorf("%w: %s:%d: %s is listed twice", ErrBadPage, indexFile, i+1, row.Category)
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%w: %s lists no check", ErrBadPage, indexFile)
	}
	return rows, nil
}

func parseIndexRow(cells []string) (indexRow, error) {
	if len(cells) != len(indexHeader) {
		return indexRow{}, fmt.Errorf("%d cells, want %d", len(cells), len(indexHeader))
	}
	link, ok := strings.CutPrefix(cells[0], "[")
	cat, target, ok2 := strings.Cut(link, "](")
	if !ok || !ok2 || target != cat+".md)" || cat == "" {
		return indexRow{}, fmt.Errorf("check %q: want [category](category.md)", cells[0])
	}
	analyzer := strings.Trim(cells[1], "`")
	if analyzer == "" || cells[1] != "`"+analyzer+"`" {
		return indexRow{}, fmt.Errorf("analyzer %q: want the name in backquotes", cells[1])
	}
	fix, err := yesNo(cells[3])
	if err != nil {
		return indexRow{}, err
	}
	return indexRow{Category: cat, Analyzer: analyzer, Title: cells[2], Fix: fix}, nil
}

// agrees returns an error when the index says of a check something else
// than its page does.
func (r indexRow) agrees(ch Check) error {
	if r.Analyzer != ch.Analyzer || r.Title != ch.Title || r.Fix != ch.Fix {
		return fmt.Errorf("%w: %s lists %s as (%s, %q, fix %t) but its page says (%s, %q, fix %t)",
			ErrBadPage, indexFile, r.Category, r.Analyzer, r.Title, r.Fix, ch.Analyzer, ch.Title, ch.Fix)
	}
	return nil
}
