package lockmodel

import (
	"go/types"
)

// A ScriptHash is the fact exported for a package variable that only ever
// holds the SHA1 SCRIPT LOAD returned for one script (LockScript =
// rdb.ScriptLoad(ctx, lockSrc).Val()): an EvalSha of it in an importing
// package runs that script.
type ScriptHash struct {
	Source string
}

func (*ScriptHash) AFact() {}

func (*ScriptHash) String() string { return "script SHA1" }

// exportScriptHashes exports a ScriptHash for each package variable whose
// script is known.
func (m *Model) exportScriptHashes() {
	scope := m.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		v, ok := scope.Lookup(name).(*types.Var)
		if !ok || !v.Exported() {
			continue
		}
		if src, ok := m.Env.LoadedScriptOf(v); ok {
			m.pass.ExportObjectFact(v, &ScriptHash{Source: src})
		}
	}
}

// importedScriptHash returns the script whose SHA1 the package variable v
// of an imported package holds, as its ScriptHash fact records it.
func (m *Model) importedScriptHash(v *types.Var) (string, bool) {
	var f ScriptHash
	if !m.pass.ImportObjectFact(v, &f) {
		return "", false
	}
	return f.Source, true
}
