package main

import (
	"os"
	"runtime/debug"

	"github.com/leasevet/leasevet/analyzers"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/driver"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/goplsbuild"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/vetunit"
	"github.com/leasevet/leasevet/internal/modreq"
)

func main() {
	args := os.Args[1:]
	if driver.IsVetProtocol(args) {
		// go vet and go fix speak the unitchecker protocol, and so does
		// standalone leasevet, which drives go vet with this binary as
		// the vet tool; vetunit parses the flags they pass (-json, -fix,
		// -diff, -c, -NAME...) and exits. go fix in a module without
		// safelock goes through vetFix, which adds the requirement the
		// fixes need.
		if code, handled := vetFix(args); handled {
			os.Exit(code)
		}
		vetunit.Main(analyzers.Default())
	}
	d := &driver.Driver{
		Name:            "leasevet",
		Analyzers:       analyzers.Default(),
		Stdout:          os.Stdout,
		Stderr:          os.Stderr,
		VetTool:         executable(),
		SafelockVersion: safelockVersion(),
		Subcommands: map[string]driver.Subcommand{
			"gopls": {
				Summary: "build a gopls with leasevet's analyzers inside (-o FILE)",
				Run:     func(args []string) int { return goplsbuild.Main(args, os.Stderr) },
			},
		},
	}
	os.Exit(d.Main(args))
}

// safelockVersion is the safelock version matching this binary, from its
// build info; "" for a development build.
func safelockVersion() string {
	bi, _ := debug.ReadBuildInfo()
	return modreq.Version(bi)
}

// executable is this program's path, which standalone leasevet gives go
// vet as its vet tool; "" when it cannot be found, and then standalone
// runs fail with a message.
func executable() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	return exe
}
