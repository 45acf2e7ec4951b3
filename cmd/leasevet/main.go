package main

import (
	"os"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/leasevet/leasevet/analyzers"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/driver"
	"github.com/leasevet/leasevet/cmd/leasevet/internal/goplsbuild"
)

func main() {
	args := os.Args[1:]
	if driver.IsVetProtocol(args) {
		// go vet and go fix speak the unitchecker protocol; unitchecker
		// parses the flags they pass (-json, -fix, -diff, -c, -NAME...)
		// and exits.
		unitchecker.Main(analyzers.All...)
	}
	d := &driver.Driver{
		Name:      "leasevet",
		Analyzers: analyzers.All,
		Stdout:    os.Stdout,
		Stderr:    os.Stderr,
		Subcommands: map[string]driver.Subcommand{
			"gopls": {
				Summary: "build a gopls with leasevet's analyzers inside (-o FILE)",
				Run:     func(args []string) int { return goplsbuild.Main(args, os.Stderr) },
			},
		},
	}
	os.Exit(d.Main(args))
}
