package analysisutil

// exitFuncs end the goroutine or the process: a loop that calls them has a
// way out, whatever it waits for.
var exitFuncs = map[string]bool{
	"os.Exit": true, "runtime.Goexit": true,
	"log.Fatal": true, "log.Fatalf": true, "log.Fatalln": true,
	"log.Panic": true, "log.Panicf": true, "log.Panicln": true,
}

// IsExitFunc reports whether name ("os.Exit", "log.Fatalf") is a function
// that ends the goroutine or the process.
func IsExitFunc(name string) bool { return exitFuncs[name] }
