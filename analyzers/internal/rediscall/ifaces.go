package rediscall

import "go/types"

// InterfaceImpls maps each method of an interface declared in the
// package to the method of the interface's only implementation there. Code reaches Redis
// through interfaces of its own (a Cache interface with a SetNX method,
// implemented over go-redis by an unexported type), and a call of the
// interface method then issues what the implementation's method does,
// in this package and, through its summary fact, in importing packages.
// With two implementations in the package nothing is assumed.
func (env *Env) InterfaceImpls() map[*types.Func]*types.Func {
	if env.impls == nil {
		env.impls = interfaceImpls(env.Pkg)
	}
	return env.impls
}

func interfaceImpls(pkg *types.Package) map[*types.Func]*types.Func {
	var concrete, ifaces []*types.Named
	for _, name := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || n.TypeParams().Len() > 0 {
			continue
		}
		if types.IsInterface(n) {
			ifaces = append(ifaces, n)
		} else {
			concrete = append(concrete, n)
		}
	}
	out := map[*types.Func]*types.Func{}
	for _, it := range ifaces {
		implementMethods(pkg, it.Underlying().(*types.Interface), concrete, out)
	}
	return out
}

// implementMethods records the methods of iface declared in pkg against
// those of its only implementation among concrete.
func implementMethods(pkg *types.Package, iface *types.Interface, concrete []*types.Named, out map[*types.Func]*types.Func) {
	if iface.Empty() {
		return
	}
	var impls []types.Type
	for _, n := range concrete {
		if ptr := types.NewPointer(n); types.Implements(ptr, iface) {
			impls = append(impls, ptr) // the pointer has the value's methods too
		}
	}
	if len(impls) != 1 {
		return
	}
	impl := impls[0]
	for im := range iface.Methods() {
		if im.Pkg() != pkg {
			continue
		}
		if cm, ok := lookupMethod(impl, pkg, im.Name()); ok {
			out[im] = cm
		}
	}
}

func lookupMethod(t types.Type, pkg *types.Package, name string) (*types.Func, bool) {
	obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, name)
	fn, ok := obj.(*types.Func)
	return fn, ok
}
