// Package rediscall recognises the calls of Redis clients and lock
// libraries: it reads a call expression and says which Redis command it
// sends, on which key, with which value, expiry and mode (a Call).
//
// It owns what the client APIs do, as data, each row with its reason:
// which import paths are clients and lock libraries, which method or
// string command sends which command with its key, value and expiry at
// which argument, what each rueidis/valkey-go builder step adds, and which
// reply readers hand on a reply's value or only its error. It owns the
// reading of each client's calling convention against those tables
// (go-redis methods, redigo string commands, rueidis/valkey-go builder
// chains, go-zero, script objects, lock libraries), and what the
// expressions of the analysed package hold that the calls take
// (constants, package variables and their initialisers, //go:embed files,
// locals assigned once, the script behind a script object or a SHA1
// variable filled by SCRIPT LOAD: Env). Calls are resolved through types,
// never by spelling, so user structs and interfaces that embed a client,
// promoted methods and interface calls are all recognised.
//
// It must not know what a lock rule makes of a call: which keys are lock
// keys, what is reported, or how ops are summarised across packages.
package rediscall
