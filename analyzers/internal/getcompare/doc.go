// Package getcompare recognises the check-then-act owner check of RULES.md's
// get-del and get-expire: a GET of a key whose value is compared with a
// token in Go before a DEL, EXPIRE or SET of the key is sent as a command
// of its own, which another client's acquire can slip between.
//
// Three analyzers share it and one model judgement: getdel reports the
// shape; baredel and barerenew (through their shared judgement, package
// ownerless) ask for it only to stay silent on a release or renewal
// getdel reports, so that one bug is reported once;
// and the lock-key judgement (package lockkey) counts an equality
// comparison as evidence that the key holds an owner token. It also tells
// a write of a WATCH transaction, which EXEC discards if the key changed,
// from check-then-act.
//
// It reads ops, the bodies of their functions and the identities of their
// keys. It must not know which keys are lock keys, what a wrapper's
// summary is, or how findings are reported.
package getcompare
