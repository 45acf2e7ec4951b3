// Package replyuse names how Go code consumes the reply of a Redis call:
// the one vocabulary every analyzer uses for it (read, dropped, deferred,
// returned, assigned, assigned to blank, error only). It follows the reply
// from the call up through what only carries it on (parentheses, the
// readers of a go-redis or rueidis reply such as .Result(), .Val() and
// .Err(), reply converters such as redigo's redis.Int, type conversions) to
// the node that consumes it.
//
// It knows the readers and converters of the clients (through rediscall),
// not what a reply means: whether a dropped or error-only reply loses a
// lock is the analyzers' judgement.
package replyuse

import (
	"go/ast"
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

// A Consumer is what finally takes a reply.
type Consumer int

const (
	Read     Consumer = iota // an operand, argument, field, condition or value: the reply flows on
	Dropped                  // call(...) as a statement
	Deferred                 // defer call(...): the command itself runs later
	Go                       // go call(...): the command itself runs in another goroutine
	Returned                 // return call(...): the caller reads it
	Assigned                 // assigned to variables, some not blank (Use.Lhs)
	Blank                    // assigned to blanks only (_ = call(...)): a visible decision to drop it
)

// A Use is how the code consumes the reply of one call.
type Use struct {
	Consumer Consumer
	Reply    ast.Expr   // the outermost expression that still carries the reply
	Parent   ast.Node   // the node that takes Reply; nil where the stack ends
	Lhs      []ast.Expr // Assigned and Blank: the targets, in order
	// ErrOnly is the error-only reader the reply went through (Err,
	// Error, NonRedisError), or "": past it only the command's error is
	// left, never the reply's value.
	ErrOnly   string
	Converted bool // a converter took the reply: redis.Int(conn.Do(...)), string(b)
	// Held is the local the command was held in before its reply was
	// read (cmd := rdb.SetNX(...); ...; cmd.Val()), or nil: Reply, Parent
	// and Lhs are then those of the later read, not of the command's
	// statement, which a fix must not rewrite as if they were one.
	Held *ast.Ident
}

// Dropped reports whether the reply is dropped without a visible
// decision: a statement, a deferred call or a go statement.
func (u Use) Dropped() bool {
	return u.Consumer == Dropped || u.Consumer == Deferred || u.Consumer == Go
}

// ErrorSideOnly reports whether only the error of a (reply, err) pair is
// kept: _, err := call(...).
func (u Use) ErrorSideOnly() bool {
	return u.Consumer == Assigned && len(u.Lhs) == 2 && analysisutil.IsBlank(u.Lhs[0])
}

// ReadBy returns the name of the reply reader that a function of the
// package, called by call, applies to its argument arg and returns the
// result of (func errOf(res rueidis.RedisResult) error { return
// res.Error() }), or "" when call is no such call.
type ReadBy func(call *ast.CallExpr, arg ast.Expr) string

// Of returns the use of the call at the top of stack, the path from the
// file or function (stack[0]) down to the call. A command held in a local
// whose one use is a reader called on it (cmd := rdb.SetNX(...); return
// cmd.Val()), or handed to a function that only reads it so (readBy), is
// used as that reader's reply is (Use.Held).
func Of(info *types.Info, stack []ast.Node, readBy ReadBy) Use {
	u := of(info, stack)
	if held, next, reader := heldRead(info, stack, u, readBy); next != nil {
		u = of(info, next)
		u.Held = held
		if rediscall.MethodYield(reader) == rediscall.YieldsError {
			u.ErrOnly = reader // cmd.Err(): the first reader of the reply
		}
		if u.Consumer == Deferred || u.Consumer == Go {
			u.Consumer = Dropped // the command ran where it was held: only the read is deferred
		}
	}
	return u
}

func of(info *types.Info, stack []ast.Node) Use {
	var u Use
	i := len(stack) - 1
	if i < 0 {
		return u
	}
	u.Reply, _ = stack[i].(ast.Expr)
	for i > 0 && u.Reply != nil {
		next, ok := u.carry(info, stack, i)
		if !ok {
			break
		}
		i = next
		u.Reply, _ = stack[i].(ast.Expr)
	}
	if i > 0 {
		u.Parent = stack[i-1]
	}
	u.Consumer, u.Lhs = consumer(u.Parent, u.Reply)
	if (u.Consumer == Deferred || u.Consumer == Go) && u.Reply != stack[len(stack)-1] {
		// defer c.Del(ctx, k).Err(): the command runs now, only the
		// reader is deferred, and its answer is dropped.
		u.Consumer = Dropped
	}
	return u
}

// carry moves from the expression at stack[i] to the one that carries its
// reply on, if any: a parenthesis, a reader method called on it, or a
// converter it is passed to.
func (u *Use) carry(info *types.Info, stack []ast.Node, i int) (int, bool) {
	switch p := stack[i-1].(type) {
	case *ast.ParenExpr:
		return i - 1, true
	case *ast.SelectorExpr:
		if i < 2 {
			return i, false
		}
		call, ok := stack[i-2].(*ast.CallExpr)
		if !ok || call.Fun != p {
			return i, false // a field or a method value, not a reader
		}
		if rediscall.MethodYield(p.Sel.Name) == rediscall.YieldsError && u.ErrOnly == "" {
			u.ErrOnly = p.Sel.Name
		}
		return i - 2, true
	case *ast.CallExpr:
		if Converts(info, p, u.Reply) {
			u.Converted = true
			return i - 1, true
		}
	}
	return i, false
}

// Converts reports whether call converts the reply arg: a type conversion
// (string(b)), or a function of rediscall's reply table taking the reply
// first, as redigo's redis.String(conn.Do(...)) does.
func Converts(info *types.Info, call *ast.CallExpr, arg ast.Expr) bool {
	if len(call.Args) == 0 || call.Args[0] != arg {
		return false
	}
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return true
	}
	return rediscall.CallYield(info, call) == rediscall.YieldsValue
}

// consumer classifies the node that takes the reply e.
func consumer(parent ast.Node, e ast.Expr) (Consumer, []ast.Expr) {
	switch p := parent.(type) {
	case *ast.ExprStmt:
		return Dropped, nil
	case *ast.DeferStmt:
		return Deferred, nil
	case *ast.GoStmt:
		return Go, nil
	case *ast.ReturnStmt:
		return Returned, nil
	case *ast.AssignStmt:
		if len(p.Rhs) == 1 && p.Rhs[0] == e {
			return assigned(p.Lhs)
		}
	case *ast.ValueSpec:
		if len(p.Values) == 1 && p.Values[0] == e {
			lhs := make([]ast.Expr, len(p.Names))
			for i, n := range p.Names {
				lhs[i] = n
			}
			return assigned(lhs)
		}
	}
	return Read, nil
}

func assigned(lhs []ast.Expr) (Consumer, []ast.Expr) {
	for _, l := range lhs {
		if !analysisutil.IsBlank(l) {
			return Assigned, lhs
		}
	}
	return Blank, lhs
}
