package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/leasevet/leasevet/cmd/leasevet/labelled"
)

// A comparison is the normalised output of both drivers on one module and
// the lines in which they differ.
type comparison struct {
	vet, source []string
	diff        []string
}

// compare runs go vet with bin as the vet tool on every package of the
// module in dir, and the analyzers from source in this process.
func compare(bin, dir string) (*comparison, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	// go vet -json exits 0 with findings; any other status is a failure
	// to load or analyse.
	vetOut, err := runGo(dir, "go", "vet", "-vettool="+bin, "-json", "./...")
	if err != nil {
		return nil, fmt.Errorf("go vet: %w", err)
	}
	c := new(comparison)
	if c.vet, err = normalise(dir, vetOut); err != nil {
		return nil, fmt.Errorf("go vet output: %w", err)
	}
	if c.source, err = fromSource(dir); err != nil {
		return nil, fmt.Errorf("from source: %w", err)
	}
	c.diff = diffLines(c.vet, c.source)
	return c, nil
}

// runGo runs a command in dir and returns its standard output; a failure
// carries its standard error.
func runGo(dir, name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s %s: %w\n%s", name, strings.Join(args, " "), err, bytes.TrimSpace(stderr.Bytes()))
	}
	return stdout.Bytes(), nil
}

// jsonDiagnostic holds the fields of a go vet -json diagnostic that are
// compared; fixes and related positions are not (both drivers compute them
// from the same diagnostic).
type jsonDiagnostic struct {
	Posn, Category, Message string
}

// normalise turns go vet -json output (one JSON object per package,
// mapping package, then analyzer, to diagnostics or {"error": ...}) into
// sorted lines.
func normalise(dir string, out []byte) ([]string, error) {
	var lines []string
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var tree map[string]map[string]json.RawMessage
		err := dec.Decode(&tree)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		for pkg, byAnalyzer := range tree {
			for analyzer, raw := range byAnalyzer {
				l, err := resultLines(dir, pkg, analyzer, raw)
				if err != nil {
					return nil, err
				}
				lines = append(lines, l...)
			}
		}
	}
	slices.Sort(lines)
	return lines, nil
}

// resultLines normalises one analyzer's result on one package: a list of
// diagnostics, or an error object.
func resultLines(dir, pkg, analyzer string, raw json.RawMessage) ([]string, error) {
	if bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		var e struct{ Error string }
		if err := json.Unmarshal(raw, &e); err != nil {
			return nil, err
		}
		if strings.HasPrefix(e.Error, "failed prerequisites") {
			return nil, nil
		}
		path, _, _ := strings.Cut(pkg, " [")
		return []string{errorLine(path)}, nil
	}
	var diags []jsonDiagnostic
	if err := json.Unmarshal(raw, &diags); err != nil {
		return nil, err
	}
	var lines []string
	for _, d := range diags {
		// Under go vet the message ends with the category, which the
		// line shows already.
		lines = append(lines, findingLine(dir, d.Posn, d.Category, labelled.Strip(d.Message, d.Category)))
	}
	return lines, nil
}

// findingLine is the normalised line of a finding.
func findingLine(dir, posn, category, message string) string {
	return fmt.Sprintf("%s %s %s", relPosn(dir, posn), category, message)
}

// errorLine is the normalised line of a package on which an analyzer
// failed. The drivers word a failed requirement differently (go vet's
// unit names it under the first analyzer needing it), so only the
// package is compared.
func errorLine(pkg string) string {
	return "ERROR " + pkg
}

// relPosn makes the file of a "file:line:col" position relative to dir,
// so that the lines do not depend on where the module lies.
func relPosn(dir, posn string) string {
	file, lineCol := posn, ""
	for range 2 {
		if i := strings.LastIndexByte(file, ':'); i >= 0 {
			file, lineCol = file[:i], file[i:]+lineCol
		}
	}
	if rel, err := filepath.Rel(dir, file); err == nil && !strings.HasPrefix(rel, "..") {
		file = filepath.ToSlash(rel)
	}
	return file + lineCol
}

// diffLines compares two sorted lists as multisets, so that a finding
// listed twice by one driver and once by the other is a difference, and
// returns "- line" for lines only in vet and "+ line" for lines only in
// the from-source run, in order.
func diffLines(vet, source []string) []string {
	var diff []string
	i, j := 0, 0
	for i < len(vet) || j < len(source) {
		switch {
		case j == len(source) || i < len(vet) && vet[i] < source[j]:
			diff = append(diff, "- "+vet[i])
			i++
		case i == len(vet) || source[j] < vet[i]:
			diff = append(diff, "+ "+source[j])
			j++
		default:
			i, j = i+1, j+1
		}
	}
	return diff
}
