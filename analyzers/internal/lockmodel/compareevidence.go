package lockmodel

import (
	"go/types"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

// CompareIsEvidence reports whether gc, a GET of op's key compared in Go
// before op, makes op a lock release or renewal: the key is a lock key,
// or the compare itself is the lock evidence, whoever acquired the key.
// Not when the package also writes the key unconditionally outside such
// a compare: a key set with a plain SET (after an EXISTS, say) is state,
// not a lock acquired with NX.
func (m *Model) CompareIsEvidence(op *Op, gc *GetCompare) bool {
	if m.IsLockKey(op) {
		return true
	}
	if gc.Ordered || op.Role == rediscall.RoleWrite || !m.releaseNamed(op, gc) {
		return false // a time compared; compare-and-set of a cache entry; a one-time code consumed
	}
	for _, w := range m.Ops {
		same := w.Key.ID == op.Key.ID || (op.Key.Family != "" && w.Key.Family == op.Key.Family)
		if w.Role == rediscall.RoleWrite && w != op && same && m.GetCompareBefore(w) == nil {
			return false
		}
	}
	return true
}

// releaseWords name a lock release or its token. A GET compared with a
// value and then a DEL is also how one-time codes are consumed
// (VerifyCode: the SMS code read, compared with the user's input, then
// deleted), which is no lock; with no NX acquire of the key in sight, a
// release, its token or a lock must be named for the shape to be one.
var releaseWords = map[string]bool{
	"release": true, "unlock": true, "renew": true, "extend": true, "refresh": true, // the operation
	"token": true, "owner": true, "holder": true, "uuid": true, "lease": true, // the value compared
}

// releaseNamed reports whether the function, its receiver type, the key or
// the value compared with has a lock word or a release word.
func (m *Model) releaseNamed(op *Op, gc *GetCompare) bool {
	names := []string{op.Func.Decl.Name.Name, types.ExprString(gc.Token)}
	if op.KeyExpr != nil {
		names = append(names, types.ExprString(op.KeyExpr))
	}
	if op.Func.Recv != nil {
		names = append(names, op.Func.Recv.Obj().Name())
	}
	for _, n := range names {
		if m.IsLockName(n) {
			return true
		}
		for _, w := range nameWords(n) {
			if releaseWords[strings.ToLower(w)] {
				return true
			}
		}
	}
	return false
}
