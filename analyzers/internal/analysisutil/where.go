package analysisutil

import (
	"go/token"
	"path/filepath"
	"strconv"
)

// Where returns "file.go:line" of pos, as messages name a place.
func Where(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
}
