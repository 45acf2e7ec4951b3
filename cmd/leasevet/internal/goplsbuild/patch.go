package goplsbuild

import (
	"bytes"
	"errors"
	"fmt"
)

// RegistryFile is the gopls file that holds the analyzer list.
const RegistryFile = "internal/settings/analysis.go"

// The anchors of the edit: the import block, and the last statement of
// initAnalyzers, before which the staticcheck analyzers are appended.
const (
	importAnchor = "import (\n"
	returnAnchor = "\treturn append(res, staticcheckAnalyzers()...)\n}\n"
)

// The inserted text. Severity warning matches gopls's vet suite: these are
// bugs, not style. The analyzers are labelled: their messages end with the
// category, since gopls check and gopls's MCP diagnostics tool print the
// message alone (editors also show the category as the diagnostic's
// code).
const (
	importLine = "\tleasevetanalyzers \"github.com/leasevet/leasevet/analyzers\"\n" +
		"\tleasevetlabelled \"github.com/leasevet/leasevet/cmd/leasevet/labelled\"\n"
	appendLines = "\t// Added by leasevet gopls: leasevet's analyzers, after gopls's own.\n" +
		"\tfor _, a := range leasevetlabelled.Analyzers(leasevetanalyzers.Default()) {\n" +
		"\t\tres = append(res, &Analyzer{analyzer: a, severity: protocol.SeverityWarning})\n" +
		"\t}\n"
)

// ErrAnchor is returned when the gopls source no longer has the text the
// edit is anchored on.
var ErrAnchor = errors.New("anchor not found")

// PatchRegistry returns the source of gopls's RegistryFile with leasevet's
// analyzers appended to initAnalyzers. It fails, naming the file and the
// anchor, when an anchor is missing or not unique.
func PatchRegistry(src []byte) ([]byte, error) {
	if bytes.Contains(src, []byte(importLine)) {
		return nil, fmt.Errorf("%s already imports leasevet's analyzers", RegistryFile)
	}
	out, err := insertAt(src, importAnchor, importLine, true)
	if err != nil {
		return nil, err
	}
	return insertAt(out, returnAnchor, appendLines, false)
}

// insertAt inserts text after (or before) the only occurrence of anchor.
func insertAt(src []byte, anchor, text string, after bool) ([]byte, error) {
	if n := bytes.Count(src, []byte(anchor)); n != 1 {
		return nil, fmt.Errorf("%s: expected exactly one %q, found %d: %w (this gopls version needs a new edit in leasevet gopls)",
			RegistryFile, anchor, n, ErrAnchor)
	}
	i := bytes.Index(src, []byte(anchor))
	if after {
		i += len(anchor)
	}
	out := make([]byte, 0, len(src)+len(text))
	out = append(out, src[:i]...)
	out = append(out, text...)
	return append(out, src[i:]...), nil
}
