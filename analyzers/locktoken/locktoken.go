package locktoken

import (
	_ "embed"
	"go/ast"
	"go/token"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/provenance"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Categories are the categories of locktoken's diagnostics.
var Categories = []string{"constant-token", "instance-token", "time-token"}

// Analyzer reports lock values that are the same for many acquisitions. It
// belongs to the default analyzer set, whose model is lockmodel.Analyzer.
// Unlike the other analyzers it runs in packages that reach no Redis
// client too, for the facts of their token helpers.
var Analyzer = &analysis.Analyzer{
	Name:      "locktoken",
	Doc:       analysisutil.MustExtractDoc(doc, "locktoken"),
	URL:       lockmodel.ChecksURL,
	Requires:  []*analysis.Analyzer{lockmodel.Analyzer},
	Flags:     lockmodel.Analyzer.Flags,
	Run:       run,
	FactTypes: []analysis.Fact{new(tokenFact), new(ownValueFact)},
}

// A tokenWrite is one place a lock value is chosen: an acquire's value
// argument or a lock library option.
type tokenWrite struct {
	op      *lockmodel.Op
	value   ast.Expr // the value written, or the function producing it
	genFunc bool     // value is a func() (string, error) called per acquisition
	what    string   // the writer, for messages: "SetNX", "redsync.WithValue"
	// own is the value a wrapper of another package writes itself: a
	// constant (SummaryOp.ValueConst) or a weak source its package traced
	// (ownValueFact), judged here where the key and options are: there
	// is no value expression to trace.
	own *provenance.Source
}

// run reads the token functions from the set's settings (its lockmodel
// analyzer's flags) rather than from the model: the facts of helper
// packages are exported in packages that reach no Redis client, where
// there is no model.
func run(pass *analysis.Pass) (any, error) {
	tokenFuncs := lockmodel.SettingsOf(lockmodel.ModelAnalyzer(pass)).TokenFuncs
	exportTokenFacts(pass, tokenFuncs)
	m := lockmodel.ModelOf(pass)
	if m == nil {
		return nil, nil
	}
	m.CheckDirectives(pass, Categories)
	writes := tokenWrites(pass, m)
	own := ownValueWrites(m)
	if len(writes)+len(own) == 0 {
		return nil, nil // no SSA for packages without a lock value to judge
	}
	tr := provenance.New(pass.Fset, pass.Pkg, pass.TypesInfo, pass.Files, roots(append(writes, own...)))
	tr.TokenFuncs = tokenFuncs
	tr.Imported = importedSource(pass)
	exportOwnValues(pass, tr, own)
	done := map[token.Pos]bool{}
	for _, w := range writes {
		checkWrite(pass, m, tr, w, done)
	}
	return nil, nil
}

// tokenWrites returns the lock value writes of the package.
func tokenWrites(pass *analysis.Pass, m *lockmodel.Model) []tokenWrite {
	var out []tokenWrite
	for _, fn := range m.Funcs {
		for _, op := range fn.Ops {
			if w, ok := tokenWriteOf(pass, m, op); ok {
				out = append(out, w)
			}
		}
	}
	return out
}

func tokenWriteOf(pass *analysis.Pass, m *lockmodel.Model, op *lockmodel.Op) (tokenWrite, bool) {
	if op.Func.Test {
		return tokenWrite{}, false // tests write fixed values on purpose, to play another holder
	}
	switch op.Kind {
	case rediscall.Script:
		// a script that sets KEYS[1] with NX writes ARGV's value as SET NX does
		if op.Role != rediscall.RoleAcquire || op.Value == nil || !judgedHere(op) || !m.IsLockKey(op) {
			return tokenWrite{}, false
		}
		what := "the script's SET NX"
		if op.Via != nil {
			what = op.Method // a wrapper of the package's: its name, as for SetNX
		}
		return tokenWrite{op: op, value: op.Value, what: what}, true
	case rediscall.Acquire:
		if v := wrapperValue(pass, m, op); v != nil {
			return tokenWrite{op: op, own: v, what: m.CallText(op)}, true
		}
		if op.Value == nil || !judgedHere(op) || !m.IsLockKey(op) {
			return tokenWrite{}, false
		}
		return tokenWrite{op: op, value: op.Value, what: op.Method}, true
	case rediscall.LockObtain:
		if op.Library != "redislock" {
			return tokenWrite{}, false
		}
		tok := redislockToken(m, op)
		return tokenWrite{op: op, value: tok, what: "redislock " + op.Method + " with Options.Token"}, tok != nil
	case rediscall.LockOption:
		if op.Value == nil {
			return tokenWrite{}, false
		}
		return tokenWrite{op: op, value: op.Value, genFunc: op.Method == "WithGenValueFunc", what: "redsync." + op.Method}, true
	}
	return tokenWrite{}, false
}

// judgedHere reports whether this package decides about the op's value:
// a direct acquire, or a wrapper call whose value is the caller's
// argument (the wrapper's package saw only a parameter).
func judgedHere(op *lockmodel.Op) bool {
	return op.Via == nil || op.Via.Value >= 0
}

// redislockToken returns the Token field of the options passed to a
// bsm/redislock Obtain: a literal, directly or through a local assigned
// once. nil when there is none (redislock then generates a random token).
func redislockToken(m *lockmodel.Model, op *lockmodel.Op) ast.Expr {
	args := op.Expr.Args
	if len(args) == 0 {
		return nil
	}
	opt := args[len(args)-1]
	if init := m.Env.LocalInit(opt); init != nil {
		opt = init
	}
	e := ast.Unparen(opt)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Token" {
				return kv.Value
			}
		}
	}
	return nil
}

// roots returns the declarations containing the writes: the only
// functions whose SSA the trace starts in.
func roots(writes []tokenWrite) []*ast.FuncDecl {
	seen := map[*ast.FuncDecl]bool{}
	var out []*ast.FuncDecl
	for _, w := range writes {
		if d := w.op.Func.Decl; !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// checkWrite traces one lock value and reports it when it is weak. done
// holds the constructor arguments already reported (two acquires, Lock
// and TryLock, may write the same field).
func checkWrite(pass *analysis.Pass, m *lockmodel.Model, tr *provenance.Tracer, w tokenWrite, done map[token.Pos]bool) {
	var res provenance.Result
	switch {
	case w.own != nil:
		res = provenance.Result{Parts: []provenance.Source{*w.own}}
	case w.genFunc:
		res = tr.TraceFuncResult(w.op.Func.Decl, w.value)
	default:
		res = tr.Trace(w.op.Func.Decl, w.value)
	}
	if !res.Weak() {
		checkOpenCalls(pass, m, tr, w, res, done)
		return
	}
	d := analysis.Diagnostic{
		Pos:      w.op.Pos(),
		End:      w.op.Expr.End(),
		Category: category(res.Kind()),
		Message:  message(m, w, res),
		Related:  related(res),
	}
	if w.own != nil { // produced in the wrapper's package: the call is where this package writes it
		d.Related = []analysis.RelatedInformation{{Pos: w.op.Pos(), Message: "the lock value comes from " + w.own.Desc + " that " + w.op.Method + " writes at " + w.op.Via.Where}}
	}
	if fix, ok := newTokenFix(pass, m, w, res); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	m.Report(pass, d)
}

func category(k provenance.Kind) string {
	switch k {
	case provenance.Constant:
		return "constant-token"
	case provenance.Instance:
		return "instance-token"
	}
	return "time-token"
}

// consequence says, per kind, what goes wrong.
var consequence = map[provenance.Kind]string{
	provenance.Constant: "every client writes the same value, so a release or renewal cannot tell whose lock it acts on and deletes or extends another client's lock",
	provenance.Instance: "every acquisition by this process or host writes the same value, so a lock it took earlier, or another goroutine's, cannot be told from the current one and is released or extended by mistake",
	provenance.Clock:    "two clients acquiring in the same clock tick write the same value, so one can release or extend the other's lock",
}

const advice = "; use a fresh token per acquisition (safelock.NewToken())"

func message(m *lockmodel.Model, w tokenWrite, res provenance.Result) string {
	if w.op.Kind != rediscall.Acquire {
		return w.what + " makes every acquisition write " + describe(m, res) + " as the lock value: " + consequence[res.Kind()] + advice
	}
	return w.what + " writes " + describe(m, res) + " as the value of lock key " + keyText(m, w.op) + ": " + consequence[res.Kind()] + advice
}

// keyText returns the key as written at the op: for a wrapper call, the
// argument its summary names as the key.
func keyText(m *lockmodel.Model, op *lockmodel.Op) string {
	if op.KeyExpr == nil && op.Via != nil {
		if i, ok := op.Via.Key.Placeholder(); ok && i < len(op.Expr.Args) {
			return m.Text(op.Expr.Args[i])
		}
	}
	return op.Key.Text
}

// describe names the value's weak sources: the main one with its position,
// then the other non-constant ones.
func describe(m *lockmodel.Model, res provenance.Result) string {
	main := res.Main()
	text := main.Desc
	var notes []string
	if main.Pos.IsValid() {
		notes = append(notes, m.Where(main.Pos))
	}
	if main.Detail != "" {
		notes = append(notes, main.Detail)
	}
	for _, p := range res.Parts {
		if p.Optional {
			notes = append(notes, "the default when "+p.Desc+" is not passed")
			break
		}
	}
	if len(notes) > 0 {
		text += " (" + strings.Join(notes, "; ") + ")"
	}
	var others []string
	seen := map[string]bool{main.Desc: true}
	for _, p := range res.Parts {
		if p.Kind != provenance.Constant && !p.Optional && !seen[p.Desc] {
			seen[p.Desc] = true
			others = append(others, p.Desc)
		}
	}
	if len(others) > 0 {
		text += " combined only with " + strings.Join(others, ", ")
	}
	return text
}

// related points at every position where a weak part is produced.
func related(res provenance.Result) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	seen := map[token.Pos]bool{}
	for _, p := range res.Parts {
		if !p.Pos.IsValid() || seen[p.Pos] || p.Kind == provenance.Unknown || (p.Kind == provenance.Constant && res.Kind() != provenance.Constant) {
			continue
		}
		seen[p.Pos] = true
		if p.Via.IsValid() && !seen[p.Via] {
			seen[p.Via] = true
			out = append(out, analysis.RelatedInformation{Pos: p.Via, Message: "the lock value comes from " + p.ViaDesc})
		}
		out = append(out, analysis.RelatedInformation{Pos: p.Pos, Message: "the lock value comes from " + p.Desc})
	}
	return out
}
