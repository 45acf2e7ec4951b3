package redisapi

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// redigoConverters are redigo's reply helpers, redis.Int(c.Do(...)): the
// value they return is the reply's, and a nil reply becomes ErrNil.
var redigoConverters = map[string]bool{
	"Int": true, "Int64": true, "Uint64": true, "Float64": true, "Bool": true, "String": true, "Bytes": true, "Values": true,
}

// IsReplyConverter reports whether call is one of redigo's reply helpers
// (redis.String(conn.Do(...))), through which a reply's answer is read.
func IsReplyConverter(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return false
	}
	cp, ok := clientPackages[fn.Pkg().Path()]
	return ok && cp.Family == FamilyRedigo && redigoConverters[fn.Name()]
}

// errorOnlyReaders are the methods of a command's reply that return only
// its error: go-redis Cmd.Err, rueidis RedisResult.Error and NonRedisError.
// A "not the owner" or "not acquired" value is never seen through them.
var errorOnlyReaders = map[string]bool{
	"Err":           true,
	"Error":         true,
	"NonRedisError": true,
}

// IsErrorOnlyReader reports whether the reply method name reads only the
// command's error (see errorOnlyReaders).
func IsErrorOnlyReader(name string) bool { return errorOnlyReaders[name] }
