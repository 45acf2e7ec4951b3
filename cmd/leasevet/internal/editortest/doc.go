// Package editortest holds the protocol-level test of the gopls that
// "leasevet gopls" builds: it talks LSP over stdio to that gopls, as an
// editor does, on the fixture module testdata/editor.
//
// The test runs only when the environment variable LEASEVET_GOPLS names
// the built gopls (.ci/editor-e2e.sh builds it and sets it); otherwise it
// is skipped, so that the normal test run needs no gopls build.
package editortest
