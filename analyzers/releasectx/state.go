package releasectx

import (
	"go/token"
	"go/types"
	"maps"
	"slices"
)

// An evidence is where the code showed a context done: the done point,
// as the message names it.
type evidence struct {
	pos  token.Pos
	text string // "case <-ctx.Done()", "ctx.Err() != nil", ...
	note string // ", err being ctx.Err()": what the text's variables hold
	// from is the key the done point was about when the fact was
	// carried to a context derived from it (rctx from ctx), else "".
	from string
	// when, if set, replaces "which is done here": the fact holds at the
	// entry of a function literal that runs once the context is done.
	when string
}

// An errSource is what a variable holding a context's error was
// assigned: the context, and the expression as written (ctx.Err()).
type errSource struct {
	key  ctxKey
	expr string
}

// A state is what holds at one point of a function: the contexts shown
// done there, and the variables that hold a context's Err() or Done()
// (err := ctx.Err(), done := ctx.Done()). A nil *state is the top of
// the must-analysis (a block not reached yet): everything holds.
type state struct {
	done  map[ctxKey]evidence
	errOf map[*types.Var]errSource // err holds the key's Err() or context.Cause
	chOf  map[*types.Var]ctxKey    // ch holds the key's Done()
}

func newState() *state {
	return &state{done: map[ctxKey]evidence{}, errOf: map[*types.Var]errSource{}, chOf: map[*types.Var]ctxKey{}}
}

func (s *state) clone() *state {
	return &state{done: maps.Clone(s.done), errOf: maps.Clone(s.errOf), chOf: maps.Clone(s.chOf)}
}

// meet is the intersection of s and t, nil being the top; of two
// evidences for one key it keeps the earlier, so that the result does
// not depend on the order of the predecessors.
func meet(s, t *state) *state {
	if s == nil {
		return t.clone()
	}
	if t == nil {
		return s.clone()
	}
	out := newState()
	for k, e := range s.done {
		if f, ok := t.done[k]; ok {
			if f.pos < e.pos {
				e = f
			}
			out.done[k] = e
		}
	}
	for v, k := range s.errOf {
		if t.errOf[v] == k {
			out.errOf[v] = k
		}
	}
	for v, k := range s.chOf {
		if t.chOf[v] == k {
			out.chOf[v] = k
		}
	}
	return out
}

func equal(s, t *state) bool {
	if s == nil || t == nil {
		return s == t
	}
	return maps.Equal(s.done, t.done) && maps.Equal(s.errOf, t.errOf) && maps.Equal(s.chOf, t.chOf)
}

// forget drops every fact about a key for which gone holds.
func (s *state) forget(gone func(ctxKey) bool) {
	maps.DeleteFunc(s.done, func(k ctxKey, _ evidence) bool { return gone(k) })
	maps.DeleteFunc(s.errOf, func(_ *types.Var, e errSource) bool { return gone(e.key) })
	maps.DeleteFunc(s.chOf, func(_ *types.Var, k ctxKey) bool { return gone(k) })
}

// kill forgets what s knows through v, which is assigned: the keys
// rooted at v and what v held.
func (s *state) kill(v *types.Var) {
	s.forget(func(k ctxKey) bool { return k.root == v })
	delete(s.errOf, v)
	delete(s.chOf, v)
}

// killField forgets the keys whose path goes through a field named
// field: an assignment x.field = ... through any base may change them.
func (s *state) killField(field string) {
	s.forget(func(k ctxKey) bool { return slices.Contains(k.fields(), field) })
}

// killFieldsOf forgets the field keys rooted at v: a call that receives
// v may assign its fields.
func (s *state) killFieldsOf(v *types.Var) {
	s.forget(func(k ctxKey) bool { return k.root == v && len(k.fields()) > 0 })
}

// gen records k done by ev, unless it is known done already: the first
// done point on a path is the one the message names, and a later one
// does not make a context more done.
func (s *state) gen(k ctxKey, ev evidence) {
	if _, ok := s.done[k]; !ok {
		s.done[k] = ev
	}
}

// when returns a copy of s whose evidences say, unless they say already,
// when the context is done: at the entry of a function that runs later.
func (s *state) when(text string) *state {
	out := s.clone()
	for k, ev := range out.done {
		if ev.when == "" {
			ev.when = text
			out.done[k] = ev
		}
	}
	return out
}
