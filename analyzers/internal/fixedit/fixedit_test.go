package fixedit

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"sort"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func apply(t *testing.T, fset *token.FileSet, src string, edits []analysis.TextEdit) string {
	t.Helper()
	tf := fset.File(token.Pos(1))
	sort.Slice(edits, func(i, j int) bool { return edits[i].Pos < edits[j].Pos })
	var b bytes.Buffer
	last := 0
	for _, e := range edits {
		b.WriteString(src[last:tf.Offset(e.Pos)])
		b.Write(e.NewText)
		last = tf.Offset(e.End)
	}
	b.WriteString(src[last:])
	return b.String()
}

// checkFormatted fails unless out is already gofmt-formatted: fixes must
// keep files formatted without a formatter pass.
func checkFormatted(t *testing.T, out string) {
	t.Helper()
	formatted, err := format.Source([]byte(out))
	if err != nil {
		t.Fatalf("result does not parse: %v\n%s", err, out)
	}
	if string(formatted) != out {
		t.Errorf("result is not gofmt-formatted:\n%s\nwant:\n%s", out, formatted)
	}
}

func TestAddImport_layouts(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"group", "package p\n\nimport (\n\t\"context\"\n\t\"time\"\n)\n\nvar _ = context.TODO\nvar _ time.Duration\n",
			"package p\n\nimport (\n\t\"context\"\n\t\"time\"\n\n\t\"github.com/leasevet/leasevet/safelock\"\n)\n\nvar _ = context.TODO\nvar _ time.Duration\n"},
		{"single", "package p\n\nimport \"context\"\n\nvar _ = context.TODO\n",
			"package p\n\nimport (\n\t\"context\"\n\t\"github.com/leasevet/leasevet/safelock\"\n)\n\nvar _ = context.TODO\n"},
		{"single-sorted-after", "package p\n\nimport \"time\"\n\nvar _ time.Duration\n",
			"package p\n\nimport (\n\t\"github.com/leasevet/leasevet/safelock\"\n\t\"time\"\n)\n\nvar _ time.Duration\n"},
		{"none", "package p\n\nvar x = 1\n",
			"package p\n\nimport \"github.com/leasevet/leasevet/safelock\"\n\nvar x = 1\n"},
		{"present", "package p\n\nimport sl \"github.com/leasevet/leasevet/safelock\"\n\nvar _ = sl.NewToken\n",
			"package p\n\nimport sl \"github.com/leasevet/leasevet/safelock\"\n\nvar _ = sl.NewToken\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "p.go", tc.src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			name, edits := AddImport(fset, f, "github.com/leasevet/leasevet/safelock")
			wantName := "safelock"
			if tc.name == "present" {
				wantName = "sl"
			}
			if name != wantName {
				t.Errorf("name = %q, want %q", name, wantName)
			}
			got := apply(t, fset, tc.src, edits)
			if got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
			checkFormatted(t, got)
		})
	}
}

// TestAddImport_std puts a standard-library package into the group of
// standard-library imports, in its sorted place.
func TestAddImport_std(t *testing.T) {
	const tail = "\n\t\"github.com/redis/go-redis/v9\"\n)\n"
	for _, tc := range []struct{ name, src, want string }{
		{"last", "package p\n\nimport (\n\t\"context\"\n\t\"errors\"\n" + tail,
			"package p\n\nimport (\n\t\"context\"\n\t\"errors\"\n\t\"time\"\n" + tail},
		{"middle", "package p\n\nimport (\n\t\"context\"\n\t\"unicode\"\n" + tail,
			"package p\n\nimport (\n\t\"context\"\n\t\"time\"\n\t\"unicode\"\n" + tail},
		{"no std group", "package p\n\nimport (\n\t\"github.com/redis/go-redis/v9\"\n)\n",
			"package p\n\nimport (\n\t\"github.com/redis/go-redis/v9\"\n\n\t\"time\"\n)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "p.go", tc.src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			_, edits := AddImport(fset, f, "time")
			if got := apply(t, fset, tc.src, edits); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestDeleteStmt_withComments(t *testing.T) {
	src := "package p\n\nfunc f() {\n\ta()\n\tb() // trailing comment goes too\n\tc(); d()\n}\n\nfunc a() {}\nfunc b() {}\nfunc c() {}\nfunc d() {}\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	e, ok := DeleteStmt(fset, f, body, body.List[1])
	if !ok {
		t.Fatal("DeleteStmt refused a statement on a line of its own")
	}
	got := apply(t, fset, src, []analysis.TextEdit{e})
	if want := "package p\n\nfunc f() {\n\ta()\n\tc(); d()\n}\n"; got[:len(want)] != want {
		t.Errorf("got:\n%s", got)
	}
	if _, ok := DeleteStmt(fset, f, body, body.List[2]); ok {
		t.Error("DeleteStmt deleted a statement that shares its line with another")
	}
}

// TestDeleteImport_layouts deletes an import in each place it can stand
// in a group, and gives up where whole lines cannot do it.
func TestDeleteImport_layouts(t *testing.T) {
	const use = "\nvar _ = context.TODO\n"
	for _, tc := range []struct{ name, src, want string }{
		{"middle", "package p\n\nimport (\n\t\"context\"\n\t\"log\"\n\t\"time\"\n)\n" + use,
			"package p\n\nimport (\n\t\"context\"\n\t\"time\"\n)\n" + use},
		{"alone-last", "package p\n\nimport (\n\t\"context\"\n\n\t\"log\"\n)\n" + use,
			"package p\n\nimport (\n\t\"context\"\n)\n" + use},
		{"alone-between", "package p\n\nimport (\n\t\"context\"\n\n\t\"log\"\n\n\t\"x.org/y\"\n)\n" + use,
			"package p\n\nimport (\n\t\"context\"\n\n\t\"x.org/y\"\n)\n" + use},
		{"alone-first", "package p\n\nimport (\n\t\"log\"\n\n\t\"context\"\n)\n" + use,
			"package p\n\nimport (\n\t\"context\"\n)\n" + use},
		{"single", "package p\n\nimport \"log\"\n", ""},
		{"commented", "package p\n\nimport (\n\t\"context\"\n\t\"log\" // logging\n)\n" + use, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "p.go", tc.src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			e, ok := DeleteImport(fset, f, "log")
			if ok != (tc.want != "") {
				t.Fatalf("DeleteImport ok = %t, want %t", ok, tc.want != "")
			}
			if !ok {
				return
			}
			got := apply(t, fset, tc.src, []analysis.TextEdit{e})
			if got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
			checkFormatted(t, got)
		})
	}
}
