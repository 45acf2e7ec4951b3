package rediscall

import "github.com/leasevet/leasevet/analyzers/internal/luascript"

// A Role is what a call does to its key, as every lock rule asks it: the
// one answer to "does this op acquire, release or renew its key?".
type Role uint8

const (
	NoRole      Role = iota // nothing a lock rule judges: PING, WATCH, MULTI, a lock option, a script whose source is not known
	RoleAcquire             // writes the key only if it is absent: SET NX, SETNX, a script that does SET NX, a lock library's obtain
	RoleRelease             // deletes the key: DEL, UNLINK, GETDEL, DELEX, a script that deletes KEYS[1], a lock library's release
	RoleRenew               // sets a new expiry on the key: EXPIRE and its variants, SET IFEQ, a script that expires KEYS[1], a lock library's refresh
	RoleWrite               // writes the key unconditionally: SET, SETEX (a renewal too when it carries a TTL: see Call.RenewsKey)
	RoleRead                // reads the value: GET
)

// kindRoles is the role of each kind of call, and whether a call of that
// kind compares the owner token in the same step; scripts are judged by
// their source (scriptRole).
var kindRoles = map[Kind]struct {
	role  Role
	owner bool
}{
	Acquire:     {RoleAcquire, false},
	LockObtain:  {RoleAcquire, false},
	Delete:      {RoleRelease, false},
	CondDelete:  {RoleRelease, true}, // DELEX IFEQ, DELIFEQ
	LockRelease: {RoleRelease, true}, // lock libraries compare their token
	Expire:      {RoleRenew, false},
	CondSet:     {RoleRenew, true}, // SET IFEQ
	LockRefresh: {RoleRenew, true},
	Set:         {RoleWrite, false},
	Get:         {RoleRead, false},
}

// Classify parses the call's script, when its source is known, and sets
// the call's Role and OwnerChecked from its kind and script. Recognize
// does it for every call it returns. For a script whose source the call
// does not show, role and owner are what is known of it otherwise (the
// model hands on what a wrapper's own recognition said, through its
// summary); Recognize passes NoRole.
func (c *Call) Classify(role Role, owner bool) {
	if c.Script != nil && c.Script.Known {
		if s, err := luascript.Classify(c.Script.Source); err == nil {
			c.Lua = s
		}
	}
	switch {
	case c.Kind != Script:
		r := kindRoles[c.Kind]
		c.Role, c.OwnerChecked = r.role, r.owner
	case c.Lua != nil:
		c.Role, c.OwnerChecked = scriptRole(c.Lua)
		if k := c.Lua.AcquireValueArg(1); c.Role == RoleAcquire && c.Value == nil && k > 0 && k <= len(c.Script.Args) {
			c.Value = c.Script.Args[k-1] // SET KEYS[1] ARGV[k] NX: the value, as Go writes it
		}
	default:
		c.Role, c.OwnerChecked = role, owner
	}
}

// scriptRole is the role of a script on KEYS[1]: an acquire if it sets
// the key only if absent (whatever else it does), else a release if it
// deletes the key, else a renewal if it expires it; owner-checked when
// every delete (or expire) of the key is guarded by a compare with the
// token.
func scriptRole(s *luascript.Script) (Role, bool) {
	if _, ok := s.AcquiresKey(1); ok {
		return RoleAcquire, false
	}
	if guarded, ok := s.DeletesKey(1); ok {
		return RoleRelease, guarded
	}
	if guarded, ok := s.ExpiresKey(1); ok {
		return RoleRenew, guarded
	}
	return NoRole, false
}

// HasTTLArg reports whether the call is given an expiry that is not
// certainly zero: whatever its value, a SET of a held lock key with one
// overwrites the holder's lock and sets its expiry, so a TTL that is a
// variable is enough. A wrapper that sets the expiry itself gives one too.
func (c *Call) HasTTLArg() bool {
	return (c.TTL != nil || c.TTLInWrapper) && c.TTLIs != NoTTL
}

// RenewsKey reports whether the call gives its key a new expiry: a
// renewal, or an unconditional write with a TTL.
func (c *Call) RenewsKey() bool {
	return c.Role == RoleRenew || (c.Role == RoleWrite && c.HasTTLArg())
}
