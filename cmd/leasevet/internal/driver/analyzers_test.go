package driver

import (
	"flag"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
)

// Two small analyzers stand in for leasevet's, so that the driver is
// tested on its own: badcall reports calls of a function with a category,
// a related location and a fix; emptyfunc reports empty functions with
// neither.

var badcallFlags = func() flag.FlagSet {
	fs := flag.NewFlagSet("badcall", flag.ContinueOnError)
	fs.String("name", "bad", "name of the function whose calls are reported")
	return *fs
}()

var badcall = &analysis.Analyzer{
	Name:  "badcall",
	Doc:   "badcall: reports calls of bad\n\nThe fix calls good instead.",
	Flags: badcallFlags,
	Run:   runBadcall,
}

var emptyfunc = &analysis.Analyzer{
	Name: "emptyfunc",
	Doc:  "emptyfunc: reports functions with an empty body",
	Run:  runEmptyfunc,
}

var testAnalyzers = []*analysis.Analyzer{badcall, emptyfunc}

func runBadcall(pass *analysis.Pass) (any, error) {
	name := pass.Analyzer.Flags.Lookup("name").Value.String()
	decls := make(map[string]token.Pos)
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				decls[fd.Name.Name] = fd.Name.Pos()
			}
		}
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			id, ok := call.Fun.(*ast.Ident)
			if !ok || id.Name != name {
				return true
			}
			pass.Report(analysis.Diagnostic{
				Pos: call.Pos(), End: call.End(), Category: "bad-call",
				Message: "call of " + name,
				Related: []analysis.RelatedInformation{{Pos: decls[name], Message: name + " is declared here"}},
				SuggestedFixes: []analysis.SuggestedFix{{
					Message:   "Call good instead",
					TextEdits: []analysis.TextEdit{{Pos: id.Pos(), End: id.End(), NewText: []byte("good")}},
				}},
			})
			return true
		})
	}
	return nil, nil
}

func runEmptyfunc(pass *analysis.Pass) (any, error) {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && len(fd.Body.List) == 0 &&
				fd.Name.Name != "bad" && fd.Name.Name != "good" {
				pass.Reportf(fd.Pos(), "function %s is empty", fd.Name.Name)
			}
		}
	}
	return nil, nil
}
