// Package vetunit is leasevet as go vet and go fix run it: the unitchecker
// protocol (-V=full, -flags, then one process per package with that
// package's .cfg file), which is also what standalone leasevet drives,
// since it runs go vet with itself as the vet tool. It adds three things
// to unitchecker:
//
//   - each diagnostic's message ends with its category in brackets
//     (package labelled): go vet prints only the message;
//   - the error of a required analyzer (lockmodel's "internal error",
//     say) is reported once, by the first analyzer of the set that
//     requires it, instead of every analyzer failing with an uninformative
//     "failed prerequisites";
//   - -test=false analyses a package without its _test.go files and skips
//     its external test package; go vet itself always analyses the test
//     variants.
//
// It must not know what the analyzers look for, nor how standalone
// leasevet reads back what a unit prints.
package vetunit
