// Package scriptexpr tells what an expression of a Redis Lua script
// stands for: a KEYS element (with the key's identity), an ARGV element the
// caller passes as its token, the value a command read from a key, a
// membership test of the token, or a reply that can say the key is absent,
// directly or through the local variables of a [Scope]. It also knows the
// commands as far as the flow needs them: which arguments are keys, what
// the SET options say, which calls certainly create no key.
//
// It owns the Lua syntax and the conventions of Redis scripting (KEYS,
// ARGV, redis.call, reply shapes). It must not know control flow or what
// makes a write owner-checked: which facts hold where, and the verdicts on
// a script, are package luascript's.
package scriptexpr
