package rediscall

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"
)

// blockingMethods are client methods that block on the server (blocking
// pops, pub/sub receives), so a loop around them waits.
var blockingMethods = map[string]bool{
	"BLPop": true, "BRPop": true, "BRPopLPush": true, "BLMove": true, "BLMPop": true,
	"BZPopMin": true, "BZPopMax": true, "Receive": true, "ReceiveMessage": true,
	"ReceiveTimeout": true, "ReceiveWithTimeout": true, "ReceiveContext": true, "Wait": true,
}

// blockingCommands are Redis commands, sent through Do, that block.
var blockingCommands = map[string]bool{"BLPOP": true, "BRPOP": true, "BRPOPLPUSH": true, "BLMOVE": true, "BZPOPMIN": true, "BZPOPMAX": true, "WAIT": true}

// Blocks reports whether call, a call of fn, is a client call that blocks
// on the server: BLPOP and the like, pub/sub receives, WAIT (sent as a
// method or through Do).
func Blocks(info *types.Info, call *ast.CallExpr, fn *types.Func) bool {
	if fn.Pkg() == nil || !IsClientPackage(fn.Pkg().Path()) {
		return false
	}
	if blockingMethods[fn.Name()] {
		return true
	}
	if fn.Name() != "Do" {
		return false
	}
	for _, a := range call.Args {
		if tv, ok := info.Types[a]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			return blockingCommands[strings.ToUpper(constant.StringVal(tv.Value))]
		}
	}
	return false
}
