package fixturecheck

import (
	"fmt"
	"go/token"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"text/scanner"

	"golang.org/x/tools/go/analysis/checker"
)

// An expectation is one pattern of a `// want` comment: a diagnostic
// message, or a fact (kind "fact") about the object name.
type expectation struct {
	kind string // "diagnostic" or "fact"
	name string // the object of a fact; "package" for a package fact
	rx   *regexp.Regexp
}

// lineKey is a line of a file, where expectations are met.
type lineKey struct {
	file string
	line int
}

// checkAction matches the diagnostics and facts of one action with the
// expectations of its package's files.
func checkAction(t Testing, act *checker.Action) {
	want := expectations(t, act)
	for _, d := range act.Diagnostics {
		meet(t, want, act.Package.Fset.Position(d.Pos), "diagnostic", "", d.Message)
	}
	// A package fact is expected on line 1 of the package's first file.
	for _, f := range act.AllPackageFacts() {
		if f.Package == act.Package.Types {
			posn := act.Package.Fset.Position(act.Package.Syntax[0].Pos())
			posn.Line, posn.Column = 1, 1
			meet(t, want, posn, "fact", "package", fmt.Sprint(f))
		}
	}
	facts := act.AllObjectFacts()
	sort.Slice(facts, func(i, j int) bool { return facts[i].Object.Pos() < facts[j].Object.Pos() })
	for _, f := range facts {
		if obj := f.Object; obj.Pkg() == act.Package.Types {
			meet(t, want, act.Package.Fset.Position(obj.Pos()), "fact", obj.Name(), fmt.Sprint(f.Fact))
		}
	}
	var surplus []string
	for k, exps := range want {
		for _, e := range exps {
			surplus = append(surplus, fmt.Sprintf("%s:%d: no %s was reported matching %#q", k.file, k.line, e.kind, e.rx))
		}
	}
	sort.Strings(surplus)
	for _, s := range surplus {
		t.Errorf("%s", s)
	}
}

// meet removes from want the first expectation on posn's line of the
// given kind and name that matches message, or reports that none does.
func meet(t Testing, want map[lineKey][]expectation, posn token.Position, kind, name, message string) {
	k := lineKey{posn.Filename, posn.Line}
	exps := want[k]
	var tried []string
	for i, e := range exps {
		if e.kind != kind || e.name != name {
			continue
		}
		if e.rx.MatchString(message) {
			exps[i] = exps[len(exps)-1]
			want[k] = exps[:len(exps)-1]
			return
		}
		tried = append(tried, fmt.Sprintf("%#q", e.rx))
	}
	if tried == nil {
		t.Errorf("%v: unexpected %s: %v", posn, kind, message)
		return
	}
	t.Errorf("%v: %s %q does not match pattern %s", posn, kind, message, strings.Join(tried, " or "))
}

// expectations collects the `// want` comments of the action's package:
// the comments of its Go files, and the // comments of its other files.
func expectations(t Testing, act *checker.Action) map[lineKey][]expectation {
	want := make(map[lineKey][]expectation)
	add := func(posn token.Position, text string) {
		if exps, delta := parseWant(t, posn, text); exps != nil {
			want[lineKey{posn.Filename, posn.Line + delta}] = exps
		}
	}
	for _, f := range act.Package.Syntax {
		for _, group := range f.Comments {
			for _, c := range group.List {
				add(act.Package.Fset.Position(c.Pos()), commentText(c.Text))
			}
		}
	}
	for _, name := range act.Package.OtherFiles {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("can't read '// want' comments from %s: %v", name, err)
			continue
		}
		for i, line := range strings.Split(string(data), "\n") {
			if j := strings.Index(line, "// want"); j >= 0 {
				line = line[j:]
			}
			if j := strings.Index(line, "//"); j >= 0 {
				add(token.Position{Filename: name, Line: i + 1}, line[j+len("//"):])
			}
		}
	}
	return want
}

// commentText is the text of a comment without its markers; a comment
// that holds "// want" further on (a comment on a comment) starts there.
func commentText(c string) string {
	text, ok := strings.CutPrefix(c, "//")
	if !ok {
		text = strings.TrimSuffix(strings.TrimPrefix(c, "/*"), "*/")
	}
	if i := strings.Index(text, "// want"); i >= 0 {
		text = text[i+len("// "):]
	}
	return text
}

// parseWant parses a comment's text that starts with "want" (after
// spaces) into expectations and the line offset (+N) they apply at; any
// other comment has none. A malformed want comment is reported.
func parseWant(t Testing, posn token.Position, text string) ([]expectation, int) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(text), "want")
	if !ok {
		return nil, 0
	}
	exps, delta, err := parseExpectations(rest)
	if err != nil {
		t.Errorf("%s:%d: in 'want' comment: %s", posn.Filename, posn.Line, err)
		return nil, 0
	}
	return exps, delta
}

// parseExpectations reads the patterns of a want comment: "rx" or `rx`
// for a diagnostic, name:"rx" for a fact, +N for a line offset.
func parseExpectations(text string) ([]expectation, int, error) {
	var s scanner.Scanner
	var scanErr string
	s.Init(strings.NewReader(text))
	s.Error = func(_ *scanner.Scanner, msg string) { scanErr = msg }
	s.Mode = scanner.ScanIdents | scanner.ScanStrings | scanner.ScanRawStrings | scanner.ScanInts
	var exps []expectation
	delta := 0
	for {
		switch tok := s.Scan(); tok {
		case scanner.EOF:
			if scanErr != "" {
				return nil, 0, fmt.Errorf("%s", scanErr)
			}
			return exps, delta, nil
		case '+':
			if s.Scan() != scanner.Int {
				return nil, 0, fmt.Errorf("got +%s, want +Int", s.TokenText())
			}
			delta, _ = strconv.Atoi(s.TokenText())
		case scanner.String, scanner.RawString:
			rx, err := patternOf(&s, tok)
			if err != nil {
				return nil, 0, err
			}
			exps = append(exps, expectation{"diagnostic", "", rx})
		case scanner.Ident:
			e, err := factExpectation(&s)
			if err != nil {
				return nil, 0, err
			}
			exps = append(exps, e)
		default:
			return nil, 0, fmt.Errorf("unexpected %s", scanner.TokenString(tok))
		}
	}
}

// factExpectation reads the :"rx" that follows an object name.
func factExpectation(s *scanner.Scanner) (expectation, error) {
	name := s.TokenText()
	if tok := s.Scan(); tok != ':' {
		return expectation{}, fmt.Errorf("got %s after %s, want ':'", scanner.TokenString(tok), name)
	}
	rx, err := patternOf(s, s.Scan())
	if err != nil {
		return expectation{}, err
	}
	return expectation{"fact", name, rx}, nil
}

// patternOf compiles the string literal just scanned as a regexp.
func patternOf(s *scanner.Scanner, tok rune) (*regexp.Regexp, error) {
	if tok != scanner.String && tok != scanner.RawString {
		return nil, fmt.Errorf("got %s, want regular expression", scanner.TokenString(tok))
	}
	pattern, _ := strconv.Unquote(s.TokenText())
	return regexp.Compile(pattern)
}
