package rewrite

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// clientPackages are the packages whose functions and methods are Redis
// commands for the rewrites: a call of one of them is what a finding is
// about, so it is what the rewrites move, wrap and hide. A row ending in
// "/..." covers the packages under it.
var clientPackages = []struct{ path, why string }{
	{"github.com/redis/go-redis/v9", "go-redis v9"},
	{"github.com/go-redis/redis/...", "go-redis v6, v7, v8 and the v9 betas"},
	{"gopkg.in/redis.v3", "go-redis v3 (v6's API)"},
	{"gopkg.in/redis.v4", "go-redis v4"},
	{"gopkg.in/redis.v5", "go-redis v5"},
	{"github.com/gomodule/redigo/redis", "redigo"},
	{"github.com/garyburd/redigo/redis", "redigo's old path"},
	{"github.com/redis/rueidis/...", "rueidis, its builders (internal/cmds), rueidiscompat and rueidislock"},
	{"github.com/rueian/rueidis/...", "rueidis' old path"},
	{"github.com/valkey-io/valkey-go/...", "valkey-go, rueidis' fork, with valkeycompat and valkeylock"},
	{"github.com/zeromicro/go-zero/core/stores/redis", "go-zero's Redis and RedisLock"},
	{"github.com/gogf/gf/v2/database/gredis", "GoFrame's gredis"},
	{"github.com/gogf/gf/contrib/nosql/redis/...", "GoFrame's Redis adapter"},
	{"github.com/bsm/redislock", "a lock library: its calls are lock commands"},
	{"github.com/go-redsync/redsync/...", "a lock library"},
	{"github.com/leasevet/leasevet/safelock", "the reference lock"},
}

// IsClientPackage reports whether path is a package of clientPackages.
func IsClientPackage(path string) bool {
	for _, row := range clientPackages {
		if prefix, ok := strings.CutSuffix(row.path, "/..."); ok {
			if path == prefix || strings.HasPrefix(path, prefix+"/") {
				return true
			}
		} else if path == row.path {
			return true
		}
	}
	return false
}

// IsCommand reports whether call calls a function or method of a client
// package: a command (SetNX, Del, Eval, Do...), a script or builder call,
// or a reply's accessor (Result, Err, Val).
func IsCommand(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	return ok && fn.Pkg() != nil && IsClientPackage(fn.Pkg().Path())
}

// IsReplyAccessor reports whether call reads a reply (X.Result(),
// X.Err(), X.Val()...): a method without arguments of a client package's
// type, called on another client call.
func IsReplyAccessor(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || len(call.Args) > 0 || !IsCommand(info, call) {
		return false
	}
	inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	return ok && IsCommand(info, inner)
}

// UsesClient reports whether a file of pkg imports a client package.
func UsesClient(files []*ast.File) bool {
	for _, f := range files {
		for _, spec := range f.Imports {
			if IsClientPackage(strings.Trim(spec.Path.Value, "`\"")) {
				return true
			}
		}
	}
	return false
}
