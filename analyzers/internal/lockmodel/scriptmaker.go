package lockmodel

import (
	"go/types"

	"github.com/leasevet/leasevet/analyzers/internal/rediscall"
)

// A ScriptMaker is the fact exported for a function whose one statement
// returns a script object built from a source of its own or from the
// source its caller passes (rediscall.MadeScript): a script object an
// importing package gets from it runs that source.
type ScriptMaker struct {
	Made rediscall.MadeScript
}

func (*ScriptMaker) AFact() {}

func (*ScriptMaker) String() string { return "makes a script" }

// exportScriptMakers exports a ScriptMaker for each function of the
// package that other packages can call and that returns a script object
// whose source it knows or takes.
func (m *Model) exportScriptMakers() {
	for _, fn := range m.Funcs {
		if !fn.Obj.Exported() {
			continue
		}
		if made, ok := m.Env.MadeScriptOf(fn.Obj); ok {
			m.pass.ExportObjectFact(fn.Obj, &ScriptMaker{Made: made})
		}
	}
}

// importedScriptMaker returns what fn, a function of an imported
// package, builds the script object it returns from, as its ScriptMaker
// fact records it.
func (m *Model) importedScriptMaker(fn *types.Func) (rediscall.MadeScript, bool) {
	var f ScriptMaker
	if !m.pass.ImportObjectFact(fn, &f) {
		return rediscall.MadeScript{}, false
	}
	return f.Made, true
}
