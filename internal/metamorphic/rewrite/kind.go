package rewrite

import (
	"go/token"

	"github.com/leasevet/leasevet/internal/metamorphic/workspace"
)

// A Kind is one kind of refactoring that does not change what a program
// does.
type Kind interface {
	// Name is the kind's name in the table, in lower-case-with-dashes.
	Name() string
	// Places returns every place of m where the kind applies, in source
	// order. Places of one kind can be applied together.
	Places(m *workspace.Module) []Place
}

// A Place is one application of a kind.
type Place struct {
	Pos, End token.Pos // the original code it changes (Pos is where it is reported)
	What     string    // what it does, in a few words: "argument 2 of SetNX into local mmArg1"
	// Apply makes the change in e. It may assume nothing else of its kind
	// was applied, or that any other place of its kind was (they do not
	// overlap), and returns an error when it cannot be made after all.
	Apply func(e *workspace.Edit) error
}
