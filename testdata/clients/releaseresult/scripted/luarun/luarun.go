// Package luarun runs the Lua scripts its callers pass, as a service's
// Redis helper package does: it cannot know what a script replies, so a
// dropped or error-only reply is judged where the script is passed.
package luarun

import (
	"context"

	"github.com/redis/rueidis"
)

// Runner sends scripts over one client.
type Runner struct {
	C rueidis.Client
}

// Fire runs script on key and forgets the reply.
func (r *Runner) Fire(ctx context.Context, script *rueidis.Lua, key, arg string) {
	script.Exec(ctx, r.C, []string{key}, []string{arg})
}

// Run runs script on key and reports only a transport error.
func (r *Runner) Run(ctx context.Context, script *rueidis.Lua, key, arg string) error {
	return script.Exec(ctx, r.C, []string{key}, []string{arg}).Error()
}

// Int runs script on key and hands its integer reply back.
func (r *Runner) Int(ctx context.Context, script *rueidis.Lua, key, arg string) (int64, error) {
	return script.Exec(ctx, r.C, []string{key}, []string{arg}).AsInt64()
}

// FireSource sends EVAL with the source its caller passes and forgets
// the reply.
func (r *Runner) FireSource(ctx context.Context, src, key, arg string) {
	r.C.Do(ctx, r.C.B().Eval().Script(src).Numkeys(1).Key(key).Arg(arg).Build())
}

// IntSource sends EVAL with its caller's source and hands the integer
// reply back.
func (r *Runner) IntSource(ctx context.Context, src, key, arg string) (int64, error) {
	return r.C.Do(ctx, r.C.B().Eval().Script(src).Numkeys(1).Key(key).Arg(arg).Build()).AsInt64()
}

// RunHeld holds the reply before reading its error.
func (r *Runner) RunHeld(ctx context.Context, script *rueidis.Lua, key, arg string) error {
	res := script.Exec(ctx, r.C, []string{key}, []string{arg})
	return res.Error()
}
