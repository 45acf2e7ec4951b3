package redisapi_test

import (
	"go/ast"
	"go/token"
	"go/types"
	"testing"

	"github.com/leasevet/leasevet/analyzers/internal/redisapi"
)

// The rows where the readings disagree are the cases: each reading keeps
// the answer it gave before the table was one.
func TestMethodYield_readings(t *testing.T) {
	tests := []struct {
		name string
		r    redisapi.Reading
		want redisapi.Yield
	}{
		{"Err", redisapi.ReadValue, redisapi.YieldsError},
		{"Err", redisapi.ReadReleaseAnswer, redisapi.YieldsError},
		{"Err", redisapi.ReadAcquireAnswer, redisapi.YieldsError},
		{"Error", redisapi.ReadValue, redisapi.YieldsError},
		{"NonRedisError", redisapi.ReadReleaseAnswer, redisapi.YieldsError},
		{"Error", redisapi.ReadAcquireAnswer, redisapi.YieldsValue},
		{"NonRedisError", redisapi.ReadAcquireAnswer, redisapi.YieldsValue},
		{"Result", redisapi.ReadReleaseAnswer, redisapi.YieldsValue},
		{"AsInt64", redisapi.ReadValue, redisapi.YieldsValue},
		{"Uint64", redisapi.ReadAcquireAnswer, redisapi.YieldsValue}, // not listed: any other reader
	}
	for _, tt := range tests {
		if got := redisapi.MethodYield(tt.name, tt.r); got != tt.want {
			t.Errorf("MethodYield(%q, %d) = %d, want %d", tt.name, tt.r, got, tt.want)
		}
	}
}

func TestCallYield_readings(t *testing.T) {
	const redigo, goRedis = "github.com/gomodule/redigo/redis", "github.com/redis/go-redis/v9"
	tests := []struct {
		path, name string
		args       int
		r          redisapi.Reading
		want       redisapi.Yield
	}{
		{redigo, "String", 2, redisapi.ReadReleaseAnswer, redisapi.YieldsValue},
		{redigo, "Float64", 2, redisapi.ReadAcquireAnswer, redisapi.YieldsValue},
		{"github.com/garyburd/redigo/redis", "Int", 2, redisapi.ReadValue, redisapi.YieldsValue},
		// Any other client function converts for the value reading only.
		{redigo, "Strings", 2, redisapi.ReadValue, redisapi.YieldsValue},
		{redigo, "Strings", 2, redisapi.ReadReleaseAnswer, redisapi.YieldsNothing},
		{goRedis, "NewStringResult", 2, redisapi.ReadValue, redisapi.YieldsValue},
		{"strconv", "Atoi", 1, redisapi.ReadValue, redisapi.YieldsParsed},
		{"strconv", "Atoi", 1, redisapi.ReadAcquireAnswer, redisapi.YieldsNothing},
		{"fmt", "Sprint", 1, redisapi.ReadValue, redisapi.YieldsParsed},
		{"fmt", "Sprint", 2, redisapi.ReadValue, redisapi.YieldsNothing},
		{"example.com/redis", "String", 2, redisapi.ReadValue, redisapi.YieldsNothing},
	}
	for _, tt := range tests {
		info, call := packageCall(tt.path, tt.name, tt.args)
		if got := redisapi.CallYield(info, call, tt.r); got != tt.want {
			t.Errorf("CallYield(%s.%s, %d args, %d) = %d, want %d", tt.path, tt.name, tt.args, tt.r, got, tt.want)
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
