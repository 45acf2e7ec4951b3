package rediscall_test

import (
	"go/ast"
	"go/token"
	"go/types"
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

func TestMethodYield_rows(t *testing.T) {
	tests := []struct {
		name string
		want rediscall.Yield
	}{
		{"Err", rediscall.YieldsError},
		{"Error", rediscall.YieldsError},
		{"NonRedisError", rediscall.YieldsError},
		{"Result", rediscall.YieldsValue},
		{"AsInt64", rediscall.YieldsValue},
		{"Uint64", rediscall.YieldsValue}, // not listed: any other reader
	}
	for _, tt := range tests {
		if got := rediscall.MethodYield(tt.name); got != tt.want {
			t.Errorf("MethodYield(%q) = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestCallYield_rows(t *testing.T) {
	const redigo, goRedis = "github.com/gomodule/redigo/redis", "github.com/redis/go-redis/v9"
	tests := []struct {
		path, name string
		args       int
		want       rediscall.Yield
	}{
		{redigo, "String", 2, rediscall.YieldsValue},
		{redigo, "Float64", 2, rediscall.YieldsValue},
		{"github.com/garyburd/redigo/redis", "Int", 2, rediscall.YieldsValue},
		{redigo, "Strings", 2, rediscall.YieldsValue}, // any other client function converts too
		{goRedis, "NewStringResult", 2, rediscall.YieldsValue},
		{"strconv", "Atoi", 1, rediscall.YieldsParsed},
		{"fmt", "Sprint", 1, rediscall.YieldsParsed},
		{"fmt", "Sprint", 2, rediscall.YieldsNothing},
		{"strings", "Split", 2, rediscall.YieldsParsed},
		{"strings", "TrimPrefix", 2, rediscall.YieldsParsed},
		{"strings", "Join", 2, rediscall.YieldsNothing},
		{"example.com/redis", "String", 2, rediscall.YieldsNothing},
	}
	for _, tt := range tests {
		info, call := packageCall(tt.path, tt.name, tt.args)
		if got := rediscall.CallYield(info, call); got != tt.want {
			t.Errorf("CallYield(%s.%s, %d args) = %d, want %d", tt.path, tt.name, tt.args, got, tt.want)
		}
	}
}

// packageCall returns a call of the function name of the package at path
// with n arguments, and the type information that resolves it.
func packageCall(path, name string, n int) (*types.Info, *ast.CallExpr) {
	pkg := types.NewPackage(path, "p")
	fn := types.NewFunc(token.NoPos, pkg, name, types.NewSignatureType(nil, nil, nil, nil, nil, false))
	id := ast.NewIdent(name)
	info := &types.Info{Uses: map[*ast.Ident]types.Object{id: fn}, Types: map[ast.Expr]types.TypeAndValue{}}
	return info, &ast.CallExpr{Fun: id, Args: make([]ast.Expr, n)}
}
