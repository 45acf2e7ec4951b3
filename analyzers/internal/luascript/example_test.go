package luascript_test

import (
	"fmt"

	"github.com/leasevet/leasevet/analyzers/internal/luascript"
)

func ExampleClassify() {
	release := `local v = redis.call("GET", KEYS[1])
if v ~= ARGV[1] then return 0 end
return redis.call("DEL", KEYS[1])`
	s, err := luascript.Classify(release)
	if err != nil {
		fmt.Println("not Lua:", err)
		return
	}
	for _, op := range s.Ops {
		fmt.Printf("line %d: %s KEYS[%d] guarded=%v by ARGV[%d]\n", op.Line, op.Command, op.Key, op.Guarded, op.TokenArg)
	}
	guarded, ok := s.DeletesKey(1)
	fmt.Println("deletes KEYS[1]:", ok, "owner-checked:", guarded)
	// Output:
	// line 1: get KEYS[1] guarded=false by ARGV[0]
	// line 3: del KEYS[1] guarded=true by ARGV[1]
	// deletes KEYS[1]: true owner-checked: true
}

func ExampleScript_MismatchReply() {
	for _, src := range []string{
		`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`,
		`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return false`,
	} {
		s, err := luascript.Classify(src)
		if err != nil {
			fmt.Println("not Lua:", err)
			return
		}
		fmt.Println(s.MismatchReply())
	}
	// Output:
	// integer
	// nil
}
