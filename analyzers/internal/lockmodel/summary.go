package lockmodel

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/keyid"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

// A Summary is the fact exported for a function that issues Redis commands
// whose key comes from its parameters or from fields: calls of the function,
// in this package or in importing packages, count as those commands.
type Summary struct {
	Ops []SummaryOp
}

func (*Summary) AFact() {}

func (s *Summary) String() string {
	var parts []string
	for _, op := range s.Ops {
		parts = append(parts, fmt.Sprintf("%s(%s)", op.Command, op.Key))
	}
	return "redis " + strings.Join(parts, " ")
}

// summaryOf returns the summary of fn: computed in this package (while
// the model is built, the summaries computed so far), or imported as a
// fact.
func (m *Model) summaryOf(fn *types.Func) *Summary {
	if fn.Pkg() == m.pass.Pkg {
		return m.localSummaries()[fn]
	}
	var s Summary
	if m.pass.ImportObjectFact(fn.Origin(), &s) {
		return &s
	}
	return nil
}

func (m *Model) localSummaries() map[*types.Func]*Summary {
	if m.local == nil {
		m.local = map[*types.Func]*Summary{}
	}
	return m.local
}

// summarizeLocal computes the summaries of the package's functions, from
// the model's walk of their bodies (opsOf), which it repeats: a wrapper
// may call another wrapper, so it iterates until nothing changes. Each
// pass settles at least one more call of every chain, whatever the order
// the functions are written in; the bound ends summaries that recursion
// keeps changing, and a call whose summary has not settled is judged
// inside the function it calls, not at the call (see IsRoot).
func (m *Model) summarizeLocal() {
	sums := m.localSummaries()
	m.ifaceImpls = m.Env.InterfaceImpls()
	for range maxSummaryPasses {
		changed := false
		for _, fn := range m.Funcs {
			s := m.summarize(fn)
			if !sameSummary(sums[fn.Obj], s) {
				sums[fn.Obj], changed = s, true
			}
		}
		for im, cm := range m.ifaceImpls {
			sums[im] = ifaceSummary(sums[cm])
		}
		if !changed {
			return
		}
	}
}

// ifaceSummary is the summary of an interface method, the one of its
// only implementation's method: its own copy, so that an interface call
// in an importing package issues the commands; in this package each of
// its commands is linked to the implementation's (linkInterfaces).
func ifaceSummary(s *Summary) *Summary {
	if s == nil {
		return nil
	}
	return &Summary{Ops: slices.Clone(s.Ops)}
}

func sameSummary(a, b *Summary) bool {
	if a == nil || b == nil {
		return a == b
	}
	return fmt.Sprint(a.Ops) == fmt.Sprint(b.Ops)
}

// summarize returns fn's summary: its ops whose key can be expressed in
// terms of its parameters, fields and constants, or nil.
// A command reached in several ways (directly and again through a
// helper that recursion brings back to fn) is summarised once, so that
// summaries of recursive wrappers settle; at most maxSummaryOps commands
// are kept, so that keys a recursion keeps extending cannot grow one
// without bound.
func (m *Model) summarize(fn *Func) *Summary {
	tmpl, params := m.template(fn)
	var out []SummaryOp
	seen := map[string]bool{}
	ops := m.opsOf(fn)
	for _, op := range ops {
		s, ok := m.summaryOp(fn, op, ops, tmpl, params)
		if !ok || seen[fmt.Sprint(s)] || len(out) == maxSummaryOps {
			continue
		}
		seen[fmt.Sprint(s)] = true
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil
	}
	return &Summary{Ops: out}
}

const maxSummaryOps = 64

// maxSummaryPasses bounds summarizeLocal's passes: chains of helpers
// twelve calls deep settle.
const maxSummaryPasses = 16

// template returns the key resolver that writes fn's keys in terms of its
// parameters, and the parameters' indexes.
func (m *Model) template(fn *Func) (*keyid.Resolver, map[*types.Var]int) {
	params := paramIndexes(fn.Obj)
	tmpl := *m.keys
	tmpl.Params = params
	return &tmpl, params
}

func paramIndexes(fn *types.Func) map[*types.Var]int {
	params := map[*types.Var]int{}
	for i := range fn.Signature().Params().Len() {
		params[fn.Signature().Params().At(i)] = i
	}
	return params
}

func (m *Model) summaryOp(fn *Func, op *Op, ops []*Op, tmpl *keyid.Resolver, params map[*types.Var]int) (SummaryOp, bool) {
	options := -1
	if op.Kind == rediscall.KindOther {
		options = paramIndexOf(m.pass.TypesInfo, op.Options, params) // func Set(..., opts ...SetOption) { c.Set(..., opts...) }
	}
	if !summarised(op.Kind) && options < 0 {
		return SummaryOp{}, false
	}
	key := op.Key.Identity
	switch {
	case op.Via == nil && op.KeyExpr == nil && isLibraryKind(op.Kind):
		key = tmpl.Of(op.ClientExpr) // l.Release(): the lock object stands for its key
	case op.Via == nil:
		key = tmpl.Of(op.KeyExpr)
		if op.KeyExpr == nil {
			key = m.spreadKeys(fn, op, params)
		}
	default:
		key = m.viaTemplate(op, tmpl) // a wrapper of a wrapper: re-express in this function's parameters
	}
	keys := -1
	var keysAndArgs []int
	if !key.Known() {
		if keys = m.keysParam(op, params); keys >= 0 {
			key = keyid.PlaceholderOf(keys)
		} else if keysAndArgs = m.keysAndArgsParams(op, params); keysAndArgs != nil {
			key = keyid.PlaceholderOf(keysAndArgs[0]) // the first key, if the call's script has one
		}
	}
	if !key.Known() && options >= 0 && op.Client == rediscall.Rueidis {
		key = keyid.PlaceholderOf(options) // c.Do(ctx, cmd): the command its callers build names the key
	}
	if !key.Known() {
		return SummaryOp{}, false
	}
	s := SummaryOp{
		Kind: op.Kind, Command: op.Command, Key: key, TTLIs: op.TTLIs, NX: op.NX,
		Value: paramIndexOf(m.pass.TypesInfo, op.Value, params), Match: paramIndexOf(m.pass.TypesInfo, op.Match, params), TTL: m.passedParam(op.TTL, params),
		Role: op.Role, Owner: op.OwnerChecked, Where: analysisutil.Where(m.pass.Fset, op.Pos()), Wrapper: fn.Name(),
		Script: -1, Keys: keys, KeysAndArgs: keysAndArgs,
		Ctx: m.ctxParamOf(fn, op, params), FailsOnDoneCtx: op.FailsOnDoneCtx,
		Client: op.Client, Library: op.Library, OKResult: op.OKResult, Queued: op.Queued,
		InWatch: m.inWatchTransaction(op), Options: options,
	}
	if s.TTL < 0 {
		s.TTLFrom = m.ttlFrom(fn, op, params)
		s.TTLOwn = op.HasTTLArg()
	}
	m.carryCall(&s, op)
	m.setAnswerTo(&s, fn, op, ops)
	if op.Via == nil && op.Script != nil && op.Lua == nil {
		s.Script, s.ScriptSha, s.ScriptObject = m.scriptParam(op.Script, params)
	}
	if op.Via != nil {
		s.Where, s.Wrapper = op.Via.Where, op.Via.Wrapper
		s.Script, s.ScriptSha, s.ScriptObject, s.Keys = -1, false, false, keys
		m.passScriptOn(&s, op, params)
	}
	return s, true
}

// keysParam returns the parameter a script command takes its keys slice
// from whole (rdb.EvalSha(ctx, sha, keys, args...), or a script
// wrapper's keys passed on to another: run(sha, keys, args)); -1 when
// none.
func (m *Model) keysParam(op *Op, params map[*types.Var]int) int {
	switch {
	case op.Via == nil && op.Script != nil:
		return paramIndexOf(m.pass.TypesInfo, op.Script.KeysExpr, params)
	case op.Via != nil && op.Via.Keys >= 0:
		return paramIndexOf(m.pass.TypesInfo, argAt(op.Expr, op.Via.Keys), params)
	}
	return -1
}

// keysAndArgsParams returns the parameters a redigo script command of a
// wrapper sends as its keys and arguments, when the script object is a
// parameter too and the first of them is a parameter passed whole
// (func release(conn redis.Conn, s *redis.Script, key, token string) {
// s.Do(conn, key, token) }); -1 for one that is no parameter (a TTL of
// the wrapper's own), which the call's script must not count as a key;
// nil otherwise.
func (m *Model) keysAndArgsParams(op *Op, params map[*types.Var]int) []int {
	if op.Via != nil || op.Script == nil || !op.Script.Object || len(op.Script.KeysAndArgs) == 0 ||
		paramIndexOf(m.pass.TypesInfo, op.Script.Script, params) < 0 {
		return nil
	}
	out := make([]int, len(op.Script.KeysAndArgs))
	for i, e := range op.Script.KeysAndArgs {
		out[i] = paramIndexOf(m.pass.TypesInfo, e, params)
	}
	if out[0] < 0 {
		return nil
	}
	return out
}

// carryCall records in s what the calls of the wrapper need of op
// itself: the method its options are forwarded to, the client of the
// command (a wrapper's call has none: see instantiate), and a constant
// value of its own.
func (m *Model) carryCall(s *SummaryOp, op *Op) {
	if s.Options >= 0 {
		s.OptionsOf = op.Method
		if op.Via != nil {
			s.OptionsOf = op.Via.OptionsOf // passed on to a wrapper that passes them on
		}
	}
	if op.Via != nil {
		s.Client = op.Via.Client
	}
	if v := m.Env.Constant(op.Value); v != nil && s.Value < 0 && (op.Kind == rediscall.Acquire || s.Options >= 0) {
		s.ValueConst = v.ExactString() // also held in a local first: v := "1"
	}
}

// spreadKeys returns the template of a command whose keys are the
// wrapper's own variadic parameter passed on whole (func Del(ctx, keys
// ...string) { rdb.Del(ctx, keys...) }): a call Del(ctx, k) sends DEL k.
// The template names the parameter, so at a call the first key passed
// stands for the command's key; a call that spreads a slice has none.
func (m *Model) spreadKeys(fn *Func, op *Op, params map[*types.Var]int) keyid.ID {
	sig := fn.Obj.Signature()
	n := len(op.Expr.Args)
	if op.Kind != rediscall.Delete || !sig.Variadic() || !op.Expr.Ellipsis.IsValid() || n == 0 {
		return keyid.ID{}
	}
	id, ok := ast.Unparen(op.Expr.Args[n-1]).(*ast.Ident)
	if !ok {
		return keyid.ID{}
	}
	v, _ := m.pass.TypesInfo.Uses[id].(*types.Var)
	if i, ok := params[v]; ok && i == sig.Params().Len()-1 {
		return keyid.PlaceholderOf(i)
	}
	return keyid.ID{}
}

func summarised(k rediscall.Kind) bool {
	switch k {
	case rediscall.Acquire, rediscall.Set, rediscall.Get, rediscall.Delete, rediscall.Expire,
		rediscall.Script, rediscall.CondDelete, rediscall.CondSet,
		rediscall.LockObtain, rediscall.LockRelease, rediscall.LockRefresh:
		return true
	}
	return false
}

// isLibraryKind reports whether k is a lock library's call, whose key
// the lock object holds.
func isLibraryKind(k rediscall.Kind) bool {
	return k == rediscall.LockObtain || k == rediscall.LockRelease || k == rediscall.LockRefresh
}

// ctxParamOf returns the parameter of fn that op is sent with as its
// context, or -1: the parameter itself, which fn never assigns (a wrapper
// that replaces it, ctx = context.WithoutCancel(ctx), sends another
// context).
func (m *Model) ctxParamOf(fn *Func, op *Op, params map[*types.Var]int) int {
	i := paramIndexOf(m.pass.TypesInfo, op.Ctx, params)
	if i < 0 || op.FailsOnDoneCtx == "" {
		return -1
	}
	v := fn.Obj.Signature().Params().At(i)
	assigned := analysisutil.Find(fn.Decl.Body, func(n ast.Node) (bool, bool) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			return slices.ContainsFunc(n.Lhs, func(l ast.Expr) bool { return analysisutil.VarOf(m.pass.TypesInfo, l) == v }), true
		case *ast.UnaryExpr:
			return n.Op == token.AND && analysisutil.VarOf(m.pass.TypesInfo, n.X) == v, true
		}
		return false, true
	})
	if assigned {
		return -1
	}
	return i
}

// paramIndexOf returns the index of the parameter e denotes, or -1.
func paramIndexOf(info *types.Info, e ast.Expr, params map[*types.Var]int) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || e == nil {
		return -1
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return -1
	}
	if i, ok := params[v]; ok {
		return i
	}
	return -1
}

// passedParam is paramIndexOf for a parameter the wrapper never assigns,
// whose value is the call's argument unchanged (not a TTL defaulted with
// if ttl == 0 { ttl = defaultTTL }).
func (m *Model) passedParam(e ast.Expr, params map[*types.Var]int) int {
	i := paramIndexOf(m.pass.TypesInfo, e, params)
	if i < 0 || m.Env.Assigned(m.pass.TypesInfo.Uses[ast.Unparen(e).(*ast.Ident)].(*types.Var)) {
		return -1
	}
	return i
}

// instantiate returns the command that s, one command of a wrapper's
// summary, sends at the wrapper's call: the call with the caller's
// arguments substituted, and the identity of its key. It returns false
// when the key cannot be expressed in the caller's terms.
func (m *Model) instantiate(call *ast.CallExpr, s *SummaryOp) (*rediscall.Call, keyid.ID, bool) {
	if call.Ellipsis.IsValid() {
		return nil, keyid.ID{}, false
	}
	// passedOn: options (or a whole command) that the enclosing
	// function's own callers write, passed on as its parameter: the
	// command is theirs to say, and this call is carried in its summary
	// as the wrapper's options call is.
	passedOn := s.Options >= 0 && m.paramOf(argAt(call, s.Options)) != nil
	args, keys := m.callArgs(call, s, passedOn)
	key, ok := s.Key.Substitute(args)
	if !ok {
		return nil, keyid.ID{}, false
	}
	c := &rediscall.Call{Expr: call, Kind: s.Kind, Command: s.Command, NX: s.NX, TTLIs: s.TTLIs,
		Method: calleeName(call), Client: s.Client, Library: s.Library, OKResult: s.OKResult, Queued: s.Queued}
	c.Value, c.Match, c.TTL = argAt(call, s.Value), argAt(call, s.Match), argAt(call, s.TTL)
	if c.Ctx = argAt(call, s.Ctx); c.Ctx != nil {
		c.FailsOnDoneCtx = s.FailsOnDoneCtx
	}
	c.KeyExpr = keyArg(call, s.Key) // for messages: the caller's own key expression
	if isLibraryKind(s.Kind) {
		c.KeyExpr = nil // the lock object's key is inside it, as at the library's own call
	}
	if keys != nil {
		c.KeyExpr, c.KeyExprs = keys[0], keys
	}
	if s.Script >= 0 {
		c.Script = m.scriptAt(call, s)
	}
	if len(s.KeysAndArgs) > 0 && !m.splitKeysAndArgs(c, call, s) {
		return nil, keyid.ID{}, false // the call's script has no key, or no known key count
	}
	if c.TTL != nil {
		c.TTLIs = m.Env.TTLOf(c.TTL, false)
	}
	c.TTLInWrapper = s.TTL < 0 && s.TTLOwn
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		c.ClientExpr = sel.X
	}
	switch {
	case passedOn:
		c.Kind, c.Options = rediscall.KindOther, argAt(call, s.Options)
	case s.Options >= 0 && !m.Env.ApplyOptions(c, s.OptionsOf, argAt(call, s.Options)):
		return nil, keyid.ID{}, false // the caller's options make no command the rules judge
	}
	if !isLibraryKind(s.Kind) {
		c.Client = rediscall.NoClient // a wrapper's call has no client API of its own: no client's fix rewrites it
	}
	c.Classify(s.Role, s.Owner) // a script the call does not show is what the wrapper recognised
	return c, key, true
}

// callArgs returns the identities of call's arguments as s's key reads
// them: the key of the command an options argument builds (unless the
// options are passedOn), and for a keys slice its first element, whose
// elements it also returns.
func (m *Model) callArgs(call *ast.CallExpr, s *SummaryOp, passedOn bool) ([]keyid.ID, []ast.Expr) {
	args := make([]keyid.ID, len(call.Args))
	for i, a := range call.Args {
		args[i] = m.keys.Of(a)
	}
	if p, ok := s.Key.Placeholder(); ok && p == s.Options && !passedOn {
		args[p] = m.keys.Of(m.Env.BuiltKey(argAt(call, p))) // the key of the command the call builds
	}
	var keys []ast.Expr
	if s.Keys >= 0 && s.Keys < len(call.Args) {
		keys = m.Env.SliceElems(call.Args[s.Keys]) // []string{l.key}: KEYS[1] is l.key
		args[s.Keys] = keyid.ID{}
		switch {
		case len(keys) > 0:
			args[s.Keys] = m.keys.Of(keys[0])
		case m.paramOf(call.Args[s.Keys]) != nil:
			args[s.Keys] = m.keys.Of(call.Args[s.Keys]) // a wrapper passing its own keys on: its callers' keys
		}
	}
	return args, keys
}

// scriptParam returns the parameter a command runs the script of, -1
// when none: the source, SHA1 or script object itself, the source a
// script object is built from where it runs (rueidis.NewLuaScript(src).Exec),
// or the script object whose Hash() the command sends
// (EvalSha(ctx, script.Hash(), ...), or the source of one built there:
// NewScript(src).Hash()).
func (m *Model) scriptParam(sc *rediscall.ScriptCall, params map[*types.Var]int) (int, bool, bool) {
	if i := paramIndexOf(m.pass.TypesInfo, sc.Script, params); i >= 0 {
		return i, sc.Sha, sc.Object
	}
	if src := m.Env.ScriptConstructorSource(sc.Script); sc.Object && src != nil {
		if i := paramIndexOf(m.pass.TypesInfo, src, params); i >= 0 {
			return i, false, false
		}
	}
	e := sc.Script
	if init := m.Env.LocalInit(e); init != nil {
		e = init // sha := script.Hash()
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || !sc.Sha || len(call.Args) > 0 {
		return -1, false, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Hash" {
		return -1, false, false
	}
	if i := paramIndexOf(m.pass.TypesInfo, sel.X, params); i >= 0 {
		return i, false, true
	}
	if src := m.Env.ScriptConstructorSource(sel.X); src != nil {
		if i := paramIndexOf(m.pass.TypesInfo, src, params); i >= 0 {
			return i, false, false // EvalSha(ctx, NewScript(src).Hash(), ...): the source's script
		}
	}
	return -1, false, false
}

// passScriptOn records in s, the summary of a call of a script wrapper
// in fn, the parameter of fn that the call passes on as the script, when
// the call does not show the script itself (a wrapper of a wrapper: its
// callers' script runs).
func (m *Model) passScriptOn(s *SummaryOp, op *Op, params map[*types.Var]int) {
	if op.Via.Script < 0 || op.Lua != nil {
		return
	}
	if i := paramIndexOf(m.pass.TypesInfo, argAt(op.Expr, op.Via.Script), params); i >= 0 {
		s.Script, s.ScriptSha, s.ScriptObject = i, op.Via.ScriptSha, op.Via.ScriptObject
	}
}

// splitKeysAndArgs sets the keys and ARGV of c, the call of a wrapper
// that sends its caller's redigo script object with the keys and
// arguments of s.KeysAndArgs: the script the call passes says how many
// of them are keys (NewScript(keyCount, src)). False when it does not
// say, or has no key.
func (m *Model) splitKeysAndArgs(c *rediscall.Call, call *ast.CallExpr, s *SummaryOp) bool {
	_, n, known := m.Env.ScriptSource(argAt(call, s.Script))
	if !known || n < 1 || n > len(s.KeysAndArgs) || c.Script == nil {
		return false
	}
	sent := make([]ast.Expr, len(s.KeysAndArgs))
	for j, i := range s.KeysAndArgs {
		sent[j] = argAt(call, i)
	}
	if slices.Contains(sent[:n], nil) {
		return false // a key the wrapper writes itself
	}
	c.KeyExprs, c.KeyExpr = sent[:n], sent[0]
	if !slices.Contains(sent[n:], nil) {
		c.Script.Args = sent[n:] // ARGV as the caller writes it, when it writes them all
	}
	return true
}

// scriptAt returns the script a call of a script wrapper (s) runs: the
// source, SHA1 or script object the call passes.
func (m *Model) scriptAt(call *ast.CallExpr, s *SummaryOp) *rediscall.ScriptCall {
	arg := argAt(call, s.Script)
	if s.ScriptObject {
		src, _, known := m.Env.ScriptSource(arg)
		return &rediscall.ScriptCall{Source: src, Known: known}
	}
	src, known := m.Env.ScriptArg(arg, s.ScriptSha)
	return &rediscall.ScriptCall{Source: src, Known: known}
}

// viaTemplate returns the key template of an op issued through a wrapper,
// with the wrapper's placeholders replaced by the template identities of
// the arguments at the call, or unknown when one cannot be expressed. A
// script wrapper's keys slice stands for its first key, as at a call
// (instantiate).
func (m *Model) viaTemplate(op *Op, tmpl *keyid.Resolver) keyid.ID {
	if op.Expr.Ellipsis.IsValid() {
		return keyid.ID{}
	}
	args := make([]keyid.ID, len(op.Expr.Args))
	for i, a := range op.Expr.Args {
		args[i] = tmpl.Of(a)
	}
	if k := op.Via.Keys; k >= 0 && k < len(args) {
		args[k] = keyid.ID{}
		if keys := m.Env.SliceElems(op.Expr.Args[k]); len(keys) > 0 {
			args[k] = tmpl.Of(keys[0])
		}
	}
	key, _ := op.Via.Key.Substitute(args)
	return key
}

func argAt(call *ast.CallExpr, i int) ast.Expr {
	if i < 0 || i >= len(call.Args) {
		return nil
	}
	return call.Args[i]
}

func calleeName(call *ast.CallExpr) string {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		return f.Sel.Name
	case *ast.Ident:
		return f.Name
	}
	return "call"
}

// exportSummaries exports the summaries of the package's functions whose
// commands depend on their parameters, marking the keys the package judged
// lock keys as settled: a summarised command on such a key is evidence
// only in importing packages.
func (m *Model) exportSummaries() {
	objs := make([]*types.Func, 0, len(m.Funcs)+len(m.ifaceImpls))
	for _, fn := range m.Funcs {
		objs = append(objs, fn.Obj)
	}
	for im := range m.ifaceImpls {
		objs = append(objs, im)
	}
	for _, obj := range objs {
		s := m.localSummaries()[obj]
		if s == nil {
			continue
		}
		out := &Summary{}
		for i, op := range s.Ops {
			op.Settled = !op.Key.HasPlaceholder() || m.judged(m.newKey(op.Key, nil)) || m.judgedThroughCalls(&s.Ops[i])
			if o := m.origins[&s.Ops[i]]; o != nil {
				op.TTLAtCalls = m.TTLLeftToCalls(o)
				op.GetCompare = m.exportedGet(o)
			}
			out.Ops = append(out.Ops, op)
		}
		m.pass.ExportObjectFact(obj, out)
	}
}

// exportedGet returns the GET compared in Go before o's write: in o's
// function, in a same-package wrapper o is a call of, or inside another
// package's wrapper; marked Judged when the package that compares judged
// the check-then-act itself (see CompareIsEvidence), which is known only
// once its lock keys are.
func (m *Model) exportedGet(o *Op) SummaryGet {
	for _, x := range append([]*Op{o}, m.Origins(o)...) {
		if gc := m.GetCompareBefore(x); gc != nil && !x.OwnerChecked && !x.Func.Test {
			return SummaryGet{Get: m.CallText(gc.Get) + " at " + m.Where(gc.Get.Pos()), Order: gc.Ordered,
				Judged: m.CompareIsEvidence(x, gc)}
		}
		if x.Via != nil && x.Via.GetCompare.Get != "" && m.Origin(x) == nil {
			return x.Via.GetCompare
		}
	}
	return SummaryGet{}
}

// judgedThroughCalls reports whether the wrapper command s stands for is
// judged here as a lock key command: through the wrapper's calls (see
// provingCallOf), or as one half of a lock API pair.
func (m *Model) judgedThroughCalls(s *SummaryOp) bool {
	o := m.origins[s]
	return o != nil && m.IsLockKey(o)
}

// singleKeyArg returns, for an op issued through a wrapper whose key is
// built from one of its parameters (c.key(k), prefix + k), the argument
// passed for it.
func singleKeyArg(op *Op) ast.Expr {
	if op.Via == nil {
		return nil
	}
	ph := op.Via.Key.Placeholders()
	if len(ph) != 1 {
		return nil
	}
	return argAt(op.Expr, ph[0])
}

// keyArg returns the argument a summary's key template consists of, when
// it is exactly one parameter ("${1}"), or nil.
func keyArg(call *ast.CallExpr, template keyid.ID) ast.Expr {
	i, ok := template.Placeholder()
	if !ok {
		return nil
	}
	return argAt(call, i)
}

// ttlFrom returns, in order, the parameters of fn (not a variadic one)
// that op's TTL is computed from (Model.TTLVars).
func (m *Model) ttlFrom(fn *Func, op *Op, params map[*types.Var]int) []int {
	sig := fn.Obj.Signature()
	var out []int
	for v := range m.TTLVars(op) {
		if i, ok := params[v]; ok && !(sig.Variadic() && i == sig.Params().Len()-1) {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// TTLVars returns the local variables and parameters op's TTL is
// computed from where op is sent: those its TTL expression reads
// (rediscall.Env.ReadVars), or, for the call of a wrapper whose TTL is
// computed from its parameters (SummaryOp.TTLFrom), those the arguments
// passed for them read. Empty when unknown.
func (m *Model) TTLVars(op *Op) map[*types.Var]bool {
	if op.TTL != nil {
		return m.Env.ReadVars(op.TTL)
	}
	vars := map[*types.Var]bool{}
	call, ok := ast.Unparen(op.Expr).(*ast.CallExpr)
	if op.Via == nil || !ok || call.Ellipsis.IsValid() {
		return vars
	}
	for _, i := range op.Via.TTLFrom {
		if i < len(call.Args) {
			maps.Copy(vars, m.Env.ReadVars(call.Args[i]))
		}
	}
	return vars
}
