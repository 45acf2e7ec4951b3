package editortest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// goplsSettingsEnv holds gopls settings for the benchmark as a JSON
// object, e.g. {"diagnosticsDelay":"0s"} to take gopls's debounce of deep
// diagnostics (1s by default) out of the measured latency.
const goplsSettingsEnv = "LEASEVET_BENCH_GOPLS_SETTINGS"

// goplsFlagsEnv holds gopls flags for the benchmark, space-separated, e.g.
// -profile.cpu=/tmp/gopls.prof to see where an edit's time goes (gopls
// writes the profile when the session ends).
const goplsFlagsEnv = "LEASEVET_BENCH_GOPLS_FLAGS"

// goplsPlainEnv names the same gopls built without leasevet
// ("leasevet gopls -without-leasevet"), the baseline of the benchmark.
const goplsPlainEnv = "LEASEVET_GOPLS_PLAIN"

// benchFile is the example module's file the benchmark edits: it is clean
// for leasevet, so every leasevet diagnostic comes from the edit.
const benchFile = "payments/payments.go"

// The benchmark edits another module when benchModuleEnv names its
// directory (used in place: edits are only sent to gopls, never saved):
// benchFileEnv is the file to edit, relative to it, and benchEditEnv, if
// set, a file holding the text to append instead of benchEdit, with %[1]d
// for the edit's number; it must give leasevet a setnx-expire finding and
// gopls's assign analyzer one, and compile in the edited file.
// testdata/gozero-edit.txt is that text for a file of go-zero that imports
// go-zero's redis package and context (core/limit/periodlimit.go).
const (
	benchModuleEnv = "LEASEVET_BENCH_MODULE"
	benchFileEnv   = "LEASEVET_BENCH_FILE"
	benchEditEnv   = "LEASEVET_BENCH_EDIT"
)

// benchEdit is appended to benchFile by edit n: a lock given its TTL only
// after the acquire (leasevet's setnx-expire) and a self-assignment
// (gopls's own assign analyzer), so that both gopls builds have a deep
// diagnostic to wait for.
const benchEdit = `
// Acquire%[1]d is edit %[1]d of the editor benchmark.
func Acquire%[1]d(ctx context.Context, rdb *redis.Client, id, token string) bool {
	ok := rdb.SetNX(ctx, "lock:bench%[1]d:"+id, token, 0).Val()
	rdb.Expire(ctx, "lock:bench%[1]d:"+id, time.Minute)
	id = id
	return ok
}
`

// BenchmarkGoplsEdit drives gopls over stdio on a copy of the example
// module, once for the gopls with leasevet inside (LEASEVET_GOPLS) and
// once for the same gopls without it (LEASEVET_GOPLS_PLAIN), both built by
// "leasevet gopls". It reports the time from didOpen to the first
// published diagnostics (open-ms), and over b.N edits the median time from
// a didChange that introduces a bug to the diagnostic of that version:
// gopls's own assign finding (gopls-edit-ms) and, with leasevet, the
// setnx-expire finding (leasevet-edit-ms). Run it with -benchtime=9x.
func BenchmarkGoplsEdit(b *testing.B) {
	for _, bin := range []struct{ name, env string }{{"leasevet", goplsEnv}, {"plain", goplsPlainEnv}} {
		b.Run(bin.name, func(b *testing.B) {
			gopls := os.Getenv(bin.env)
			if gopls == "" {
				b.Skipf("%s is not set: it names a gopls built by 'leasevet gopls'", bin.env)
			}
			benchGopls(b, gopls, bin.name == "leasevet")
		})
	}
}

// benchGopls runs one gopls session: open, then b.N edits.
func benchGopls(b *testing.B, gopls string, withLeasevet bool) {
	dir, file, edit := benchTarget(b)
	client := startClient(b, gopls, dir, strings.Fields(os.Getenv(goplsFlagsEnv))...)
	s := &benchSession{session: &session{client: client, diags: map[string][]diagnostic{}},
		versions: map[string]int{}}
	s.initialize(dir)
	uri := fileURI(filepath.Join(dir, file))
	text := readFile(b, filepath.Join(dir, file))
	start := time.Now()
	s.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": "go", "version": 1, "text": text}})
	s.waitFor(uri, 0, nil)
	open := time.Since(start)
	var own, lv []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		version := i + 2
		sent := time.Now()
		s.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": uri, "version": version},
			"contentChanges": []map[string]any{{"text": text + fmt.Sprintf(edit, version)}}})
		s.waitFor(uri, version, func(d diagnostic) bool { return d.Source == "assign" })
		own = append(own, time.Since(sent))
		if withLeasevet {
			s.waitFor(uri, version, func(d diagnostic) bool {
				return d.Source == "setnxexpire" && strings.Contains(d.Message, fmt.Sprintf("bench%d:", version))
			})
			lv = append(lv, time.Since(sent))
		}
	}
	b.StopTimer()
	b.ReportMetric(ms(open), "open-ms") // after ResetTimer, which drops metrics
	b.ReportMetric(ms(median(own)), "gopls-edit-ms")
	if withLeasevet {
		b.ReportMetric(ms(median(lv)), "leasevet-edit-ms")
	}
}

// benchSession is a session that also records the document version of
// each publication.
type benchSession struct {
	*session
	versions map[string]int
}

// waitFor waits until the diagnostics published for uri at version (any
// version when 0) include one that match accepts (any publication when
// match is nil).
func (s *benchSession) waitFor(uri string, version int, match func(diagnostic) bool) {
	s.t.Helper()
	deadline := time.After(diagnosticsLimit)
	for !s.published(uri, version, match) {
		select {
		case m, ok := <-s.events:
			if !ok {
				s.t.Fatal("gopls exited")
			}
			s.record(m)
			if !s.configure(m) {
				s.handle(m)
			}
		case <-deadline:
			s.t.Fatalf("no matching diagnostics for %s version %d within %s; last: %+v", uri, version, diagnosticsLimit, s.diags[uri])
		}
	}
}

// configure answers gopls's workspace/configuration request with the
// settings of goplsSettingsEnv, and reports whether it did.
func (s *benchSession) configure(m *message) bool {
	settings := os.Getenv(goplsSettingsEnv)
	if m.Method != "workspace/configuration" || settings == "" {
		return false
	}
	var item map[string]any
	if err := json.Unmarshal([]byte(settings), &item); err != nil {
		s.t.Fatalf("%s: %v", goplsSettingsEnv, err)
	}
	var p struct {
		Items []any `json:"items"`
	}
	_ = json.Unmarshal(m.Params, &p)
	items := make([]map[string]any, len(p.Items))
	for i := range items {
		items[i] = item
	}
	s.reply(m.ID, items)
	return true
}

// record keeps the version of a publication.
func (s *benchSession) record(m *message) {
	if m.Method != "textDocument/publishDiagnostics" {
		return
	}
	var p struct {
		URI     string `json:"uri"`
		Version int    `json:"version"`
	}
	if json.Unmarshal(m.Params, &p) == nil {
		s.versions[p.URI] = p.Version
	}
}

// published reports whether the latest publication for uri satisfies the
// wait.
func (s *benchSession) published(uri string, version int, match func(diagnostic) bool) bool {
	if _, ok := s.diags[uri]; !ok || (version != 0 && s.versions[uri] != version) {
		return false
	}
	return match == nil || slices.ContainsFunc(s.diags[uri], match)
}

// benchTarget returns the module directory, the file to edit and the
// text each edit appends: a copy of the example module unless
// benchModuleEnv names another.
func benchTarget(b *testing.B) (dir, file, edit string) {
	b.Helper()
	edit = benchEdit
	if name := os.Getenv(benchEditEnv); name != "" {
		edit = readFile(b, name)
	}
	if dir = os.Getenv(benchModuleEnv); dir != "" {
		if file = os.Getenv(benchFileEnv); file == "" {
			b.Fatalf("%s names a module but %s names no file in it", benchModuleEnv, benchFileEnv)
		}
		return dir, file, edit
	}
	return exampleCopy(b), benchFile, edit
}

// exampleCopy copies testdata/example, its safelock replace pointed at the
// checkout.
func exampleCopy(b *testing.B) string {
	b.Helper()
	root := repoRoot(b)
	dir := b.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(root, "testdata", "example"))); err != nil {
		b.Fatal(err)
	}
	gomod := filepath.Join(dir, "go.mod")
	data := strings.ReplaceAll(readFile(b, gomod), "=> ../../safelock", "=> "+filepath.Join(root, "safelock"))
	if err := os.WriteFile(gomod, []byte(data), 0o644); err != nil {
		b.Fatal(err)
	}
	return dir
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
