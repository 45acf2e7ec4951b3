package vetunit

import (
	"fmt"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// withPrerequisiteErrors returns copies of as in which the error of an
// analyzer they require (and that is not in as itself) is reported once,
// as the error of the first analyzer of as that requires it, naming it:
// "lockmodel: <its error>". unitchecker lists only the analyzers of as in
// its output, so a failed requirement otherwise shows as "failed
// prerequisites: lockmodel" on each of them and its own message, the one
// a bug report needs, is lost.
//
// The required analyzers are copied too, so that a failure returns no
// error to unitchecker (which would fail the dependents before they run)
// but is recorded for the dependents to report; the other dependents
// return nothing, as they would have run on nothing. Every pass sees each
// copy's result under the original analyzer as well, so that an analyzer
// reading pass.ResultOf[inspect.Analyzer], say, finds it.
func withPrerequisiteErrors(as []*analysis.Analyzer) []*analysis.Analyzer {
	top := make(map[*analysis.Analyzer]bool, len(as))
	for _, a := range as {
		top[a] = true
	}
	c := &prereqCopier{top: top, copies: make(map[*analysis.Analyzer]*analysis.Analyzer), failed: new(sync.Map)}
	reporter := make(map[*analysis.Analyzer]bool) // required copies whose reporter is chosen
	out := make([]*analysis.Analyzer, len(as))
	for i, a := range as {
		b := *a
		b.Requires = c.copyAll(a.Requires)
		var checks []prereqCheck
		for _, r := range c.requiredCopies(&b) {
			checks = append(checks, prereqCheck{r, !reporter[r]})
			reporter[r] = true
		}
		b.Run = c.guardedRun(a, checks)
		out[i] = &b
	}
	return out
}

// A prereqCheck is a required analyzer (a copy) whose failure an analyzer
// of the set looks for before it runs, and whether it is the one to report
// it.
type prereqCheck struct {
	req     *analysis.Analyzer
	reports bool
}

// prereqCopier copies the required analyzers of a set once each.
type prereqCopier struct {
	top    map[*analysis.Analyzer]bool               // the analyzers of the set: not copied here
	copies map[*analysis.Analyzer]*analysis.Analyzer // original → copy
	failed *sync.Map                                 // copy → its error; analyzers run in parallel
}

func (c *prereqCopier) copyAll(reqs []*analysis.Analyzer) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(reqs))
	for i, r := range reqs {
		out[i] = c.copyReq(r)
	}
	return out
}

// copyReq returns the copy of the required analyzer r, whose Run records
// an error instead of returning it; an analyzer of the set is kept as it
// is. The visited map bounds the recursion: Validate rejects cycles, and
// each analyzer is copied once.
func (c *prereqCopier) copyReq(r *analysis.Analyzer) *analysis.Analyzer {
	if c.top[r] {
		return r
	}
	if b, ok := c.copies[r]; ok {
		return b
	}
	b := *r
	c.copies[r] = &b
	b.Requires = c.copyAll(r.Requires)
	run := r.Run
	b.Run = func(pass *analysis.Pass) (any, error) {
		res, err := run(c.withOriginals(pass))
		if err != nil {
			c.failed.Store(&b, err)
			return zeroResult(&b), nil
		}
		return res, nil
	}
	return &b
}

// requiredCopies returns the copies a requires, directly or not, in a
// depth-first order, each once.
func (c *prereqCopier) requiredCopies(a *analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	seen := make(map[*analysis.Analyzer]bool)
	var visit func(*analysis.Analyzer)
	visit = func(x *analysis.Analyzer) {
		for _, r := range x.Requires {
			if seen[r] || c.top[r] {
				continue
			}
			seen[r] = true
			out = append(out, r)
			visit(r)
		}
	}
	visit(a)
	return out
}

// guardedRun is a's Run preceded by the checks: when a required analyzer
// failed, a reports its error if it is the reporter, and nothing otherwise.
func (c *prereqCopier) guardedRun(a *analysis.Analyzer, checks []prereqCheck) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (any, error) {
		for _, ch := range checks {
			v, ok := c.failed.Load(ch.req)
			if !ok {
				continue
			}
			if ch.reports {
				return nil, fmt.Errorf("%s: %w", ch.req.Name, v.(error))
			}
			return zeroResult(a), nil
		}
		return a.Run(c.withOriginals(pass))
	}
}

// withOriginals returns a copy of pass whose ResultOf also holds each
// required copy's result under its original. The copies map is complete
// before any analyzer runs, and only read since.
func (c *prereqCopier) withOriginals(pass *analysis.Pass) *analysis.Pass {
	p := *pass
	p.ResultOf = make(map[*analysis.Analyzer]any, 2*len(pass.ResultOf))
	for a, res := range pass.ResultOf {
		p.ResultOf[a] = res
	}
	for orig, cp := range c.copies {
		if res, ok := pass.ResultOf[cp]; ok {
			p.ResultOf[orig] = res
		}
	}
	return &p
}

// zeroResult is the zero value of a's result type, which unitchecker
// checks a result against.
func zeroResult(a *analysis.Analyzer) any {
	if a.ResultType == nil {
		return nil
	}
	return reflect.Zero(a.ResultType).Interface()
}
