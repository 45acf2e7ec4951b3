package luascript

import (
	"errors"
	"fmt"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/luascript/scriptexpr"
	"github.com/yuin/gopher-lua/parse"
)

// ErrInvalid is wrapped by every error Classify returns: the source is not a
// Lua chunk the parser accepts (or could not be analysed), so callers should
// stay silent about it.
var ErrInvalid = errors.New("luascript: not a valid Lua script")

// Script is what a Lua script does to Redis, in source order.
type Script struct {
	Ops []Op

	// mismatch has the reply of each way out of the script where an
	// owner check failed.
	mismatch []Reply
}

// Op is one redis.call or redis.pcall with a constant command name.
type Op struct {
	// Command is the lower-case Redis command, e.g. "del", "pexpire", "set".
	Command string
	// Key is the 1-based KEYS index of the key the op reads or writes
	// (KEYS[1], or a local holding KEYS[1], gives 1). It is 0 when the key is
	// not a literal KEYS index: a loop over KEYS, unpack(KEYS), an ARGV
	// element or a constant. Such an op may touch any key.
	Key int
	// Guarded reports whether the op only runs after a value read from the
	// same key was compared equal to an ARGV element (the owner check).
	Guarded bool
	// TokenArg is the 1-based ARGV index of that comparison, 0 if !Guarded.
	TokenArg int
	// NX reports a SET with the NX option, or SETNX.
	NX bool
	// ValueArg is the 1-based ARGV index of the value a SET or SETNX
	// writes, 0 when the value is not an ARGV element.
	ValueArg int
	// TTL reports a SET with PX, EX, PXAT or EXAT, or SETEX/PSETEX.
	TTL bool
	// Absent reports that on every path to the op the script has just
	// seen its key absent (GET replied nil, EXISTS 0, PTTL -2) and sent
	// nothing since that may create a key. A DEL or an expire there does
	// nothing, and a SET writes a key nobody holds: none of them is a
	// write to another client's lock.
	Absent bool
	// Line is the op's line in the script, counted from 1.
	Line int

	// checked has bit n set when KEYS[n] (n <= 63) was owner-checked on
	// every path to the op, bit 0 when all of KEYS was. It lets the
	// predicates clear an op on a key the script cannot name: whatever
	// that key is, the op cannot remove another client's KEYS[n].
	checked uint64
}

// Classify parses src and reports the Redis commands the script issues. The
// error wraps ErrInvalid when src is not valid Lua; it never panics.
func Classify(src string) (s *Script, err error) {
	defer func() {
		// The parser reports syntax errors by panicking internally; recover
		// from anything it (or an unforeseen tree shape) lets escape.
		if r := recover(); r != nil {
			s, err = nil, fmt.Errorf("%w: %v", ErrInvalid, r)
		}
	}()
	chunk, err := parse.Parse(strings.NewReader(src), "script")
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	w := newWalker()
	out, term := w.walkBlock(chunk, nil, scriptexpr.NewScope(nil))
	if !term {
		w.exit(out, ReplyNil) // falling off the end replies nil
	}
	return &Script{Ops: w.ops, mismatch: w.mismatch}, nil
}

// DeletesKey reports whether the script deletes KEYS[i] (DEL, UNLINK,
// GETDEL of KEYS[i], or of a key it cannot name, which may be KEYS[i]), and
// whether every such delete is owner-checked. A delete of a key it cannot
// name also counts as checked when it runs after KEYS[i]'s owner check; a
// delete of a key the script has just seen absent (Op.Absent) does nothing
// and does not count.
func (s *Script) DeletesKey(i int) (guarded, ok bool) {
	return s.allGuarded(i, isDelete)
}

// ExpiresKey reports whether the script sets the expiry of KEYS[i]
// (EXPIRE, PEXPIRE, EXPIREAT, PEXPIREAT, SETEX, PSETEX, or SET with a TTL
// and without NX), and whether every such write is owner-checked, in the
// sense of DeletesKey.
func (s *Script) ExpiresKey(i int) (guarded, ok bool) {
	return s.allGuarded(i, isExpire)
}

// AcquiresKey reports whether the script writes KEYS[i] only if absent
// (SET ... NX or SETNX), and whether every such acquire gets an expiry in
// the same atomic script: a TTL option on the SET itself, or any expire of
// KEYS[i] elsewhere in the script.
func (s *Script) AcquiresKey(i int) (ttl, ok bool) {
	if s == nil {
		return false, false
	}
	_, expires := s.ExpiresKey(i)
	ttl = true
	for _, op := range s.Ops {
		if op.Key != i || !isAcquire(op) {
			continue
		}
		ok = true
		ttl = ttl && (op.TTL || expires)
	}
	return ttl && ok, ok
}

// AcquireValueArg returns the 1-based ARGV index of the value every
// acquire of KEYS[i] writes, when there is one and they all write the
// same element; 0 otherwise.
func (s *Script) AcquireValueArg(i int) int {
	if s == nil {
		return 0
	}
	arg := 0
	for _, op := range s.Ops {
		if op.Key != i || !isAcquire(op) {
			continue
		}
		if op.ValueArg == 0 || arg != 0 && arg != op.ValueArg {
			return 0
		}
		arg = op.ValueArg
	}
	return arg
}

// allGuarded reports whether some op matching kind touches KEYS[i] (or an
// unknown key), and whether all of them are guarded: one bare path is enough
// to make the script bare. Ops on a key the script has just seen absent
// write nothing that was there and are neither guarded nor bare.
func (s *Script) allGuarded(i int, kind func(Op) bool) (guarded, ok bool) {
	if s == nil {
		return false, false
	}
	guarded = true
	for _, op := range s.Ops {
		if (op.Key != i && op.Key != 0) || !kind(op) || op.Absent {
			continue
		}
		ok = true
		guarded = guarded && op.safeFor(i)
	}
	return guarded && ok, ok
}

// safeFor reports whether op cannot write KEYS[i] without its owner check:
// it is guarded, or its key is unknown and KEYS[i] was checked before it
// (so it is either KEYS[i], checked, or another key).
func (op Op) safeFor(i int) bool {
	if op.Guarded {
		return true
	}
	if op.Key != 0 || i < 1 || i > 63 {
		return false
	}
	return op.checked&(1|1<<uint(i)) != 0
}

func isDelete(op Op) bool {
	switch op.Command {
	case "del", "unlink", "getdel":
		return true
	}
	return false
}

func isExpire(op Op) bool {
	switch op.Command {
	case "expire", "pexpire", "expireat", "pexpireat", "setex", "psetex":
		return true
	case "set":
		return op.TTL && !op.NX
	}
	return false
}

func isAcquire(op Op) bool {
	return op.Command == "setnx" || (op.Command == "set" && op.NX)
}
