package rediscall

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"
)

// A Yield says what a reply reader or converter hands on.
type Yield int

const (
	YieldsNothing Yield = iota // not a reader or converter the table lists
	YieldsValue                // the reply's value (with its error, if any)
	YieldsError                // only the command's error: a "not the owner" or "not acquired" value is never seen
	YieldsParsed               // a value parsed out of the text a reply held: the same value, for a comparison
)

// A replyReader row is a method called on a reply (cmd.Val()) or a function
// applied to one (redis.String(conn.Do(...))).
type replyReader struct {
	// client is whose API it is: a name of clientFamilies, a standard
	// library import path, or anyClient (every package of clientPackages).
	// Methods are matched by name alone, whatever their receiver: the
	// reply climb (replyuse) follows only the chain of a recognised call, whose reply
	// types these are, so the column says where the method comes from.
	client string
	name   string // "*": any other method, or function of client
	method bool
	args   int // the number of arguments the call must have; 0: any
	yields Yield
}

// anyClient stands for every client package in the client column.
const anyClient = "any client"

// clientNames names the clients of the client column.
var clientNames = map[string][]Client{
	"go-redis": {GoRedisV9, GoRedis},
	"redigo":   {Redigo},
	"rueidis":  {Rueidis},
	"go-zero":  {GoZero},
}

// replyReaders is the one table of what reading a reply yields, for every
// client; the first row that matches answers. go-zero has no rows: its
// methods return (value, error) themselves.
var replyReaders = []replyReader{
	// go-redis Cmd.Err returns the command's error alone: SetNX's false and
	// a script's 0 come with a nil error.
	{client: "go-redis", name: "Err", method: true, yields: YieldsError},
	// rueidis/valkey-go RedisResult.Error and NonRedisError: the same.
	{client: "rueidis", name: "Error", method: true, yields: YieldsError},
	{client: "rueidis", name: "NonRedisError", method: true, yields: YieldsError},
	// The typed readers hand on the reply's value with its error.
	{client: "go-redis", name: "Result", method: true, yields: YieldsValue},
	{client: "go-redis", name: "Val", method: true, yields: YieldsValue},
	{client: "go-redis", name: "Int64", method: true, yields: YieldsValue},
	{client: "go-redis", name: "Bool", method: true, yields: YieldsValue},
	{client: "rueidis", name: "AsInt64", method: true, yields: YieldsValue},
	{client: "rueidis", name: "AsBool", method: true, yields: YieldsValue},
	{client: "rueidis", name: "ToString", method: true, yields: YieldsValue},
	// Any other method of a reply is one more typed reader (go-redis's Cmd
	// has dozens, rueidis's RedisMessage as many): the same answer.
	{client: anyClient, name: "*", method: true, yields: YieldsValue},

	// redigo's reply helpers, redis.Int(c.Do(...)): the value they return
	// is the reply's, and a nil reply becomes ErrNil.
	{client: "redigo", name: "Int", yields: YieldsValue},
	{client: "redigo", name: "Int64", yields: YieldsValue},
	{client: "redigo", name: "Uint64", yields: YieldsValue},
	{client: "redigo", name: "Float64", yields: YieldsValue},
	{client: "redigo", name: "Bool", yields: YieldsValue},
	{client: "redigo", name: "String", yields: YieldsValue},
	{client: "redigo", name: "Bytes", yields: YieldsValue},
	{client: "redigo", name: "Values", yields: YieldsValue},
	// strconv reads a number out of the string a GET returned, and
	// fmt.Sprint(v) of one value is its text: the value read, still.
	{client: "strconv", name: "Atoi", yields: YieldsParsed},
	{client: "strconv", name: "ParseInt", yields: YieldsParsed},
	{client: "strconv", name: "ParseUint", yields: YieldsParsed},
	{client: "strconv", name: "ParseFloat", yields: YieldsParsed},
	{client: "fmt", name: "Sprint", args: 1, yields: YieldsParsed},
	// A value written as "owner:time" or with a prefix is split or
	// trimmed before its owner part is compared: a part of the value
	// read, still.
	{client: "strings", name: "Split", yields: YieldsParsed},
	{client: "strings", name: "SplitN", yields: YieldsParsed},
	{client: "strings", name: "SplitAfter", yields: YieldsParsed},
	{client: "strings", name: "Fields", yields: YieldsParsed},
	{client: "strings", name: "Cut", yields: YieldsParsed},
	{client: "strings", name: "CutPrefix", yields: YieldsParsed},
	{client: "strings", name: "CutSuffix", yields: YieldsParsed},
	{client: "strings", name: "TrimPrefix", yields: YieldsParsed},
	{client: "strings", name: "TrimSuffix", yields: YieldsParsed},
	{client: "strings", name: "TrimSpace", yields: YieldsParsed},
	{client: "strings", name: "Trim", yields: YieldsParsed},
	{client: "strings", name: "TrimLeft", yields: YieldsParsed},
	{client: "strings", name: "TrimRight", yields: YieldsParsed},
	// Any other package function of a client applied to a reply (redigo's
	// Strings, StringMap, ...) converts it too.
	{client: anyClient, name: "*", yields: YieldsValue},
}

// MethodYield says what the method name, called on a reply
// (cmd.Err(), res.AsInt64()), hands on.
func MethodYield(name string) Yield {
	return lookupReply(true, "", name, 0)
}

// CallYield says what call hands on when it applies a
// package function to a reply (redis.String(conn.Do(...)),
// strconv.Atoi(v)), or YieldsNothing when the table lists no such
// function.
func CallYield(info *types.Info, call *ast.CallExpr) Yield {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return YieldsNothing
	}
	return lookupReply(false, fn.Pkg().Path(), fn.Name(), len(call.Args))
}

func lookupReply(method bool, path, name string, nargs int) Yield {
	for _, row := range replyReaders {
		if row.method != method || (row.name != name && row.name != "*") {
			continue
		}
		if (row.args == 0 || row.args == nargs) && (method || row.fromPackage(path)) {
			return row.yields
		}
	}
	return YieldsNothing
}

// fromPackage reports whether the import path is one of the row's client.
func (row replyReader) fromPackage(path string) bool {
	cp, isClient := clientPackages[path]
	if row.client == anyClient {
		return isClient
	}
	if cs, ok := clientNames[row.client]; ok {
		return isClient && slices.Contains(cs, cp.Client)
	}
	return row.client == path // a standard library package
}

// valueHolders are the types in which a client hands a reply's value to
// Go code, keyed "import path.Type", with the methods that read that value
// as it is (in another Go type): GoFrame's gredis returns a *gvar.Var from
// Get, Set, Eval and Do, read as v.String(), v.Int(), v.Val(). IsNil,
// IsEmpty and Bool are tests of the value, not the value.
var valueHolders = map[string]map[string]bool{
	"github.com/gogf/gf/v2/container/gvar.Var": {
		"Val": true, "Interface": true, "String": true, "Bytes": true,
		"Int": true, "Int64": true, "Int32": true, "Uint": true, "Uint64": true, "Float64": true,
	},
}

// HeldValue returns the receiver of call when call reads the value a
// reply value holder holds (v.String() of a *gvar.Var), or nil.
func HeldValue(info *types.Info, call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 0 {
		return nil
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Signature().Recv() == nil {
		return nil
	}
	t := fn.Signature().Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	if valueHolders[n.Obj().Pkg().Path()+"."+n.Obj().Name()][fn.Name()] {
		return sel.X
	}
	return nil
}
