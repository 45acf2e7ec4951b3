package lockmodel

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/keyid"
	"github.com/leasevet/leasevet/analyzers/internal/luascript"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
	"github.com/leasevet/leasevet/analyzers/internal/replyuse"
)

// A Func is a function or method declared in the package.
type Func struct {
	Decl *ast.FuncDecl
	Obj  *types.Func
	Recv *types.Named // receiver's named type, for methods
	File *ast.File
	Ops  []*Op
	Test bool // declared in a _test.go file
}

// Name returns the function's name as written in messages: Lock, (*T).Lock.
func (f *Func) Name() string {
	if f.Recv != nil {
		return f.Recv.Obj().Name() + "." + f.Decl.Name.Name
	}
	return f.Decl.Name.Name
}

// HasParam reports whether v is a parameter or the receiver of f.
func (f *Func) HasParam(v *types.Var) bool {
	sig := f.Obj.Signature()
	if sig.Recv() == v {
		return true
	}
	for i := range sig.Params().Len() {
		if sig.Params().At(i) == v {
			return true
		}
	}
	return false
}

// An Op is one Redis command issued by a function: a recognised client call,
// or a call of a wrapper whose summary says it issues the command.
//
// What the op does to its key (Role) and whether that is owner-checked
// (OwnerChecked) are its call's, as recognition classified it; for an op
// issued through a wrapper, as the wrapper's own recognition did.
type Op struct {
	*rediscall.Call
	Func    *Func
	Via     *SummaryOp   // non-nil when issued through a wrapper
	Key     Key          // the key it acts on: compared, grouped and printed
	Queued  bool         // in a pipeline or MULTI
	InWatch bool         // inside the callback of a Watch transaction on the key
	Stack   []ast.Node   // from the FuncDecl down to the call
	Reply   replyuse.Use // how the call's reply is consumed
}

// Pos returns the position diagnostics about the op are reported at.
func (op *Op) Pos() token.Pos { return op.Expr.Pos() }

// Reportable reports whether a finding at op belongs to this package: ops
// issued through a wrapper whose own package already judged the key are
// evidence only (the bug is reported once, where it is), and so are ops
// of a wrapper whose key does not depend on its parameters: the same key
// is judged inside the wrapper. An expire of a wrapper that leaves the
// key's TTL to its calls (SummaryOp.TTLAtCalls) is judged at each call:
// only the call shows whether it completes an acquire or renews a lock.
func (op *Op) Reportable() bool {
	return op.Via == nil || (!op.Via.Settled && op.Via.Key.HasPlaceholder()) || (op.TTLAtCall() && op.Kind == rediscall.Expire)
}

// TTLAtCall reports whether op is issued through a wrapper of another
// package that leaves to its calls whether the key gets a TTL, and how
// (SummaryOp.TTLAtCalls, set from Model.TTLLeftToCalls).
func (op *Op) TTLAtCall() bool { return op.Via != nil && op.Via.TTLAtCalls }

// A SummaryOp is one command of a summarised function (a wrapper), as its
// summary fact records it and as the ops issued through the wrapper's
// calls point to it (Op.Via). Parameter positions
// count from 0 and do not include the receiver; -1 means none.
type SummaryOp struct {
	Kind    rediscall.Kind
	Command string
	Key     keyid.ID // key identity template; a Placeholder stands for a parameter
	Value   int      // parameter supplying the value
	Match   int      // parameter supplying the compared token
	TTL     int      // parameter supplying the expiry
	// TTLFrom lists the parameters the expiry is computed from when no
	// parameter supplies it unchanged (time.Duration(secs)*time.Second),
	// excluding a variadic one; see Model.TTLVars.
	TTLFrom []int
	TTLIs   rediscall.TTLState
	// TTLOwn: the wrapper gives the command an expiry of its own, not
	// one of its parameters (TTL is -1; see rediscall.Call.TTLInWrapper).
	TTLOwn  bool
	NX      bool
	Role    rediscall.Role // what the command does to its key, as recognised in the wrapper
	Owner   bool           // that is owner-checked (compare script, IFEQ, lock library)
	Settled bool           // the key was judged in the defining package: evidence only
	Where   string         // "file.go:line" of the command in the wrapper
	Wrapper string         // the wrapper's name, for messages
	// TTLAtCalls: the defining package leaves to the calls whether the key
	// gets a TTL (Model.TTLLeftToCalls): a call's acquire that is never
	// given one, and what a call's expire does, are judged at the call.
	TTLAtCalls bool
	// A script wrapper (func EvalSha(sha string, keys []string, args
	// ...any)) runs the script its caller passes as parameter Script
	// (the SHA1 when ScriptSha) on the keys of the slice parameter Keys;
	// -1 when the wrapper fixes them itself.
	// ScriptObject: the parameter is a script object (a *Script, a
	// *Lua), whose source its constructor at the call gives.
	Script       int
	ScriptSha    bool
	ScriptObject bool
	Keys         int
	// KeysAndArgs: the parameters a redigo script object's Do sends as
	// its keys and arguments, in order, when the script is a parameter
	// (ScriptObject): the call's script says how many are keys, and Key
	// stands for the first.
	KeysAndArgs []int
	// AnswerTo is the index of the wrapper's result that carries the
	// command's answer to its callers (an acquire's "not acquired", an
	// owner-checked release's or renewal's "not the owner"): the reply,
	// a value or error read from it, or an error or bool the wrapper
	// returns when it sees the answer; -1 when no result does (see
	// answer.go). A caller is judged on its reading of that result.
	// Answer says how that result tells an acquire's answer (a value or
	// an error), Mismatch what it holds on a failed owner check (the
	// script's reply, or ReplyError when the wrapper turns it into an
	// error).
	AnswerTo int
	Answer   rediscall.Answer
	Mismatch luascript.Reply
	// Records is set when the wrapper also keeps the answer itself, in
	// state that outlives the call (t.claimed[id] = true, l.held = ok
	// under a test of it): later code asks that state, not the result.
	Records bool
	// Kept says what the wrapper itself reads of the reply when no result
	// carries the answer (AnswerTo < 0): nothing (a statement, a defer, a
	// go), only its error, or more (KeptUnknown). A wrapper in another
	// package that runs the script its caller passes, or acquires a key
	// its own package cannot judge, loses the answer there; the caller,
	// who knows the script or the lock key, is judged on it.
	Kept Kept
	// Ctx is the parameter the wrapper sends the command with as its
	// context, unassigned in the wrapper (-1: none, or another context),
	// and FailsOnDoneCtx the client that fails the command when that
	// context is already done (see rediscall.Call).
	Ctx            int
	FailsOnDoneCtx string
	// A lock library's call (Kind LockObtain, LockRelease, LockRefresh)
	// keeps its client, library and OKResult (see rediscall.Call): they
	// say how its answer reads at the wrapper's calls. Its Key is the
	// lock object's: the wrapper's parameter or field the call is a
	// method of.
	Client   rediscall.Client
	Library  string
	OKResult bool
	// ValueConst is the value an acquire, or a SET whose options its
	// callers give, writes when it is a constant of the wrapper's own
	// (Value is then -1), as Go writes it (`"1"`): the wrapper's package
	// cannot judge a key or options its callers pass, so the caller's
	// package judges the constant.
	ValueConst string
	// Options is the parameter the wrapper forwards as the options of
	// OptionsOf (SetArgs, gredis's Set), whose literal at each call
	// decides the command (Kind is KindOther in the summary); -1: none.
	Options   int
	OptionsOf string
	// Queued: the wrapper queues the command in a pipeline or MULTI (one
	// its caller hands it, or its own): it runs at Exec, at the call too.
	Queued bool
	// InWatch: the command is a write of the wrapper's own WATCH
	// transaction on the key, which EXEC discards if the key changed: at
	// the call too it is no unguarded write.
	InWatch bool
	// GetCompare is set (its Get is not "") when the wrapper writes the
	// key after a GET of it compared in Go: check-then-act, get-del's
	// and get-expire's to judge at the calls, never a bare write. Only
	// exported summaries carry it: in the package, the wrapper's own ops
	// are compared (GetCompareBefore).
	GetCompare SummaryGet
}

// A SummaryGet is the GET compared in Go before a wrapper's write.
type SummaryGet struct {
	Get   string // "Get at file.go:line", for messages
	Order bool   // a time compared (GetCompare.Ordered), not an owner token
	// Judged: the wrapper's package judged the write check-then-act
	// itself (CompareIsEvidence), and reported it there.
	Judged bool
}

// Before reports whether b can run after a in the same function: b comes
// later in the source and the two are not in mutually exclusive branches
// (the then and else of one if, two cases of one switch or select).
// Source order stands for control flow because lock code runs top to
// bottom; loops that would run b before a on a later iteration are not
// considered, which can only hide a finding, never invent one.
func Before(a, b *Op) bool {
	if a.Func != b.Func || a.Pos() >= b.Pos() {
		return false
	}
	return !exclusive(a.Stack, b.Stack)
}

func exclusive(x, y []ast.Node) bool {
	i := 0
	for i < len(x) && i < len(y) && x[i] == y[i] {
		i++
	}
	if i == 0 || i >= len(x) || i >= len(y) {
		return false
	}
	switch parent := x[i-1].(type) {
	case *ast.IfStmt:
		return (x[i] == parent.Body && y[i] == parent.Else) || (x[i] == parent.Else && y[i] == parent.Body)
	case *ast.BlockStmt:
		_, cx := x[i].(*ast.CaseClause)
		_, cy := y[i].(*ast.CaseClause)
		_, sx := x[i].(*ast.CommClause)
		_, sy := y[i].(*ast.CommClause)
		return (cx && cy) || (sx && sy)
	}
	return false
}

// Kept is what a wrapper reads of a command's reply it hands no caller:
// see SummaryOp.Kept.
type Kept uint8

const (
	KeptUnknown Kept = iota // read, or not known
	KeptNothing             // dropped: an expression statement, a defer, a go
	KeptError               // only the error: .Err(), _, err :=
)
