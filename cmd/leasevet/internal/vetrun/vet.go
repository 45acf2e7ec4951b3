package vetrun

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"

	"github.com/leasevet/leasevet/cmd/leasevet/internal/vetunit"
)

// unitOutput is what one unit printed under go vet -json: analyzer name
// → its diagnostics (a JSON array) or its error (an object), by package
// ID.
type unitOutput map[string]map[string]json.RawMessage

// vetResult is what a go vet run printed.
type vetResult struct {
	units  []unitOutput
	blocks []*failure // what the go command said of each failed action, in order
	other  []string   // the go command's other lines (go: downloading ...)
	exit   int
}

// A failure is a "# ID" block of go vet's stderr: the output of an action
// that failed, the compiler's errors or the vet tool's.
type failure struct {
	id    string // the package ID: "p", "p [p.test]"
	lines []string

	// variantUnit marks the vet unit of a test variant, which the go
	// command heads "# p" and "# [p]": it names the package, not the
	// variant, so the block says nothing of p's own build.
	variantUnit bool
}

// vet runs go vet -json with the vet tool on pkgs and reads what it
// printed: one JSON object per analysed unit on stdout, replayed from the
// cache or not, and on stderr a "# path" block for each package that did
// not compile or whose unit failed.
func vet(ctx context.Context, cfg Config, pkgs []string) (*vetResult, error) {
	// The vet tool's flags are part of go vet's cache key, in order. Plain
	// go vet passes the user's flags and then -json; passing -json last
	// here gives the same key, so that standalone leasevet and go vet
	// -vettool=leasevet with the same flags share their cached results.
	args := []string{"vet", "-vettool=" + cfg.Tool}
	args = append(args, cfg.ToolArgs...)
	if !cfg.Tests {
		args = append(args, "-"+vetunit.TestFlag+"=false")
	}
	args = append(args, "-json", "--")
	args = append(args, pkgs...)
	cmd := exec.CommandContext(ctx, cfg.goCommand(), args...)
	cmd.Dir = cfg.Dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("running go vet: %w", err)
	}
	res := new(vetResult)
	decodeErr := res.decodeUnits(stdout)
	if decodeErr != nil {
		io.Copy(io.Discard, stdout) // let go vet finish
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		res.exit = exit.ExitCode()
	case err != nil:
		return nil, fmt.Errorf("running go vet: %w", err)
	}
	if decodeErr != nil {
		return nil, fmt.Errorf("reading go vet -json output: %w", decodeErr)
	}
	res.parseStderr(stderr.Bytes())
	return res, nil
}

// decodeUnits reads the stream of JSON objects go vet -json prints.
func (res *vetResult) decodeUnits(r io.Reader) error {
	dec := json.NewDecoder(r)
	for {
		var u unitOutput
		err := dec.Decode(&u)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		res.units = append(res.units, u)
	}
}

// parseStderr splits go vet's stderr into the "# ID" blocks the go
// command prints for a failed action (the compiler's errors, or the vet
// tool's for the package's unit) and its other lines. A block runs to the
// next header or to a line of the go command's own ("go: ...").
func (res *vetResult) parseStderr(data []byte) {
	var cur *failure
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case cur != nil && len(cur.lines) == 0 && line == "# ["+cur.id+"]":
			cur.variantUnit = true
		case strings.HasPrefix(line, "# "):
			cur = &failure{id: strings.TrimPrefix(line, "# ")}
			res.blocks = append(res.blocks, cur)
		case cur != nil && !strings.HasPrefix(line, "go: "):
			// The go command writes a file of the directory it runs in
			// as ./name; standalone leasevet, like go vet's own text
			// output, as name.
			cur.lines = append(cur.lines, strings.TrimPrefix(line, "./"))
		default:
			cur = nil
			res.other = append(res.other, line)
		}
	}
}
