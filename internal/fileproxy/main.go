// Fileproxy publishes modules of this repository, as they are at one git
// revision, as one version in a file-based module proxy: a directory laid
// out as proxy.golang.org serves modules ($module/@v/list, $version.info,
// $version.mod, $version.zip), which the go command reads with
// GOPROXY=file://DIR. The zips are made by golang.org/x/mod/zip from the
// commit, as the go command makes them from a tag: the files git archive
// gives, nested modules left out, and the repository's LICENSE added to a
// module in a subdirectory that has none. A module whose zip would hold
// no LICENSE is an error: it could not be published.
//
// .ci/release-rehearsal.sh uses it to install leasevet @version from such
// a proxy and run it on a user's module, as a user will after a release.
//
// Usage, from within the repository:
//
//	go run ./internal/fileproxy -o DIR -version VERSION [-rev REV] MODDIR...
//
// MODDIR is a module's directory relative to the repository root ("." or
// "safelock"). REV defaults to HEAD; uncommitted changes are not
// published (a warning says so). Exit status: 0 when every module was
// published, 1 when one could not be, 2 on a bad command line.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fileproxy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "the proxy `directory` to write (created if missing; other versions in it are kept)")
	version := fs.String("version", "", "the `version` to publish, e.g. v0.1.0")
	rev := fs.String("rev", "HEAD", "the git `revision` to publish")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || *version == "" || fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: fileproxy -o DIR -version VERSION [-rev REV] MODDIR...")
		return 2
	}
	p, err := newPublisher(*out, *version, *rev)
	if err != nil {
		fmt.Fprintf(stderr, "fileproxy: %v\n", err)
		return 1
	}
	defer p.cleanup()
	if p.dirty {
		fmt.Fprintf(stderr, "fileproxy: warning: the working tree has uncommitted changes; publishing %s without them\n", *rev)
	}
	for _, dir := range fs.Args() {
		m, err := p.publish(dir)
		if err != nil {
			fmt.Fprintf(stderr, "fileproxy: %s: %v\n", dir, err)
			return 1
		}
		fmt.Fprintf(stdout, "fileproxy: published %s@%s (%s at %s)\n", m.Path, m.Version, dir, p.commit)
	}
	return 0
}
