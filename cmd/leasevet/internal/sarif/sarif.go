// Package sarif writes analysis results as a SARIF 2.1.0 log, the format
// code-scanning services (GitHub, GitLab, Azure DevOps) ingest.
//
// Only the part of the format leasevet needs is modelled: one run, rules
// with help text, results with a physical location, related locations and
// fixes. Locations are relative to a source root (uriBaseId %SRCROOT%) so
// that a log made in CI matches the repository checkout; columns are
// counted in UTF-16 code units, the SARIF default, while offsets for fixes
// are bytes.
package sarif

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// SchemaURI and Version identify the format.
const (
	SchemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	Version   = "2.1.0"
	// SrcRoot is the uriBaseId of every location below the source root.
	SrcRoot = "%SRCROOT%"
)

// Log is a SARIF log file.
type Log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []Run  `json:"runs"`
}

// Run is the output of one invocation of a tool.
type Run struct {
	Tool               Tool                        `json:"tool"`
	OriginalURIBaseIDs map[string]ArtifactLocation `json:"originalUriBaseIds,omitempty"`
	Results            []Result                    `json:"results"`
	ColumnKind         string                      `json:"columnKind"`
}

// Tool describes the analysis tool.
type Tool struct {
	Driver ToolComponent `json:"driver"`
}

// ToolComponent is the tool's driver and its rules.
type ToolComponent struct {
	Name           string                `json:"name"`
	Version        string                `json:"version,omitempty"`
	InformationURI string                `json:"informationUri,omitempty"`
	Rules          []ReportingDescriptor `json:"rules"`
}

// ReportingDescriptor is a rule. Code-scanning services read a few
// properties from its property bag: GitHub ranks alerts by "precision"
// (very-high, high, medium, low), "problem.severity" (error, warning,
// recommendation) and, for rules tagged "security", "security-severity"
// (a score from 0.1 to 10.0, as a string), and shows "tags".
type ReportingDescriptor struct {
	ID                   string                    `json:"id"`
	Name                 string                    `json:"name,omitempty"`
	ShortDescription     *MultiformatMessageString `json:"shortDescription,omitempty"`
	FullDescription      *MultiformatMessageString `json:"fullDescription,omitempty"`
	Help                 *MultiformatMessageString `json:"help,omitempty"`
	HelpURI              string                    `json:"helpUri,omitempty"`
	DefaultConfiguration *Configuration            `json:"defaultConfiguration,omitempty"`
	Properties           map[string]any            `json:"properties,omitempty"`
}

// Configuration is a rule's default configuration: the level of its
// results.
type Configuration struct {
	Level string `json:"level,omitempty"`
}

// MultiformatMessageString is a message in plain text and, optionally,
// GitHub-flavoured Markdown.
type MultiformatMessageString struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

// Message is the text of a result or location. In a result's message,
// "[text](n)" is a link to the related location whose id is n, and
// literal brackets are escaped (EscapeText).
type Message struct {
	Text string `json:"text"`
}

// Result is one finding.
type Result struct {
	RuleID           string     `json:"ruleId"`
	RuleIndex        int        `json:"ruleIndex"`
	Level            string     `json:"level"`
	Message          Message    `json:"message"`
	Locations        []Location `json:"locations"`
	RelatedLocations []Location `json:"relatedLocations,omitempty"`
	Fixes            []Fix      `json:"fixes,omitempty"`
}

// Location is a place in a file, with a message for related locations.
type Location struct {
	ID               *int             `json:"id,omitempty"`
	PhysicalLocation PhysicalLocation `json:"physicalLocation"`
	Message          *Message         `json:"message,omitempty"`
}

// PhysicalLocation is a file and a region of it.
type PhysicalLocation struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Region           *Region          `json:"region,omitempty"`
}

// ArtifactLocation is a file URI, relative to URIBaseID when that is set.
type ArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// Region is a text range: lines and UTF-16 columns (1-based, end column
// exclusive) for display, and for fixes also byte offsets (consumers such
// as reviewdog read only the lines and columns, others only the offsets).
type Region struct {
	StartLine   int  `json:"startLine,omitempty"`
	StartColumn int  `json:"startColumn,omitempty"`
	EndLine     int  `json:"endLine,omitempty"`
	EndColumn   int  `json:"endColumn,omitempty"`
	ByteOffset  *int `json:"byteOffset,omitempty"`
	ByteLength  *int `json:"byteLength,omitempty"`
}

// Fix is a proposed change to one or more files.
type Fix struct {
	Description     *Message         `json:"description,omitempty"`
	ArtifactChanges []ArtifactChange `json:"artifactChanges"`
}

// ArtifactChange is the set of replacements in one file.
type ArtifactChange struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Replacements     []Replacement    `json:"replacements"`
}

// Replacement replaces a byte region with new text.
type Replacement struct {
	DeletedRegion   Region           `json:"deletedRegion"`
	InsertedContent *ArtifactContent `json:"insertedContent,omitempty"`
}

// ArtifactContent is literal text.
type ArtifactContent struct {
	Text string `json:"text"`
}

// Write encodes the log as indented JSON.
func (l *Log) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(l); err != nil {
		return fmt.Errorf("writing SARIF: %w", err)
	}
	return nil
}

// ArtifactFor returns the location of the absolute file name: relative to
// root with the %SRCROOT% base when it lies below root, an absolute file
// URI otherwise.
func ArtifactFor(root, name string) ArtifactLocation {
	if root != "" {
		if rel, err := filepath.Rel(root, name); err == nil && !strings.HasPrefix(rel, "..") && !filepath.IsAbs(rel) {
			return ArtifactLocation{URI: pathURI(filepath.ToSlash(rel)), URIBaseID: SrcRoot}
		}
	}
	return ArtifactLocation{URI: fileURI(name)}
}

// RootBase is the originalUriBaseIds entry that anchors %SRCROOT% at root.
func RootBase(root string) map[string]ArtifactLocation {
	if root == "" {
		return nil
	}
	uri := fileURI(root)
	if !strings.HasSuffix(uri, "/") {
		uri += "/" // SARIF requires base URIs to end with a slash
	}
	return map[string]ArtifactLocation{SrcRoot: {URI: uri}}
}

// pathURI escapes a relative slash-separated path for use as a URI.
func pathURI(p string) string {
	return (&url.URL{Path: p}).EscapedPath()
}

func fileURI(name string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(name)}).String()
}

// UTF16Column converts a 1-based byte column in line to a 1-based column
// in UTF-16 code units; columns past the line's end are kept in step.
func UTF16Column(line []byte, byteCol int) int {
	col := 1
	for i := 0; i < byteCol-1; {
		if i >= len(line) {
			col += byteCol - 1 - i
			break
		}
		r, size := utf8.DecodeRune(line[i:])
		col += len(utf16.Encode([]rune{r}))
		i += size
	}
	return col
}

// EscapeText escapes the square brackets of plain text that goes into a
// message, so that no part of it reads as an embedded link.
func EscapeText(s string) string {
	return strings.NewReplacer("[", `\[`, "]", `\]`).Replace(s)
}

// RelatedLink is the embedded link "[text](id)" from a result's message
// to its related location id.
func RelatedLink(text string, id int) string {
	return "[" + EscapeText(text) + "](" + strconv.Itoa(id) + ")"
}
