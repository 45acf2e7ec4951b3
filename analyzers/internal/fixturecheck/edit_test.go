package fixturecheck

import (
	"slices"
	"testing"
)

// TestMergeEdits_coalescesAndSplits checks the three-way merge of
// RunWithSuggestedFixes: identical edits once, overlaps split or refused.
func TestMergeEdits_coalescesAndSplits(t *testing.T) {
	x := []edit{{0, 1, "a"}, {5, 9, "b"}}
	y := []edit{{0, 1, "a"}, {7, 9, "c"}, {9, 9, "d"}}
	got, ok := mergeEdits(x, y)
	if ok {
		t.Fatalf("mergeEdits(%v, %v) = %v, want a conflict at 7", x, y, got)
	}
	y = []edit{{0, 1, "a"}, {2, 3, ""}, {9, 9, "d"}}
	got, ok = mergeEdits(x, y)
	want := []edit{{0, 1, "a"}, {2, 3, ""}, {5, 9, "b"}, {9, 9, "d"}}
	if !ok || !slices.Equal(got, want) {
		t.Errorf("mergeEdits = %v, %v; want %v", got, ok, want)
	}
	// x starts first: its head becomes a deletion, its tail equals y.
	got, ok = mergeEdits([]edit{{2, 6, "x"}}, []edit{{4, 6, "x"}})
	if want := []edit{{2, 4, ""}, {4, 6, "x"}}; !ok || !slices.Equal(got, want) {
		t.Errorf("mergeEdits = %v, %v; want %v", got, ok, want)
	}
}

func TestApplyEdits_rejectsOverlap(t *testing.T) {
	got, err := applyEdits([]byte("hello world"), []edit{{6, 11, "there"}, {0, 5, "hi"}})
	if err != nil || string(got) != "hi there" {
		t.Errorf("applyEdits = %q, %v", got, err)
	}
	if _, err := applyEdits([]byte("hello"), []edit{{0, 3, ""}, {2, 4, ""}}); err == nil {
		t.Error("overlapping edits were applied")
	}
}
