package driver

import "testing"

func TestSummaryStatus(t *testing.T) {
	for _, c := range []struct {
		s         summary
		threshold float64
		want      int
	}{
		{summary{pairs: 2, kept: 1}, 0.95, 1},
		{summary{pairs: 2, kept: 1}, 0.5, 0},
		{summary{pairs: 20, kept: 19}, 0.95, 0},
		{summary{pairs: 20, kept: 20, added: 1}, 0.95, 1}, // anything added fails
		{summary{}, 0.95, 0},                              // nothing to compare
	} {
		if got := c.s.status(c.threshold); got != c.want {
			t.Errorf("%+v at %.2f: status %d, want %d", c.s, c.threshold, got, c.want)
		}
	}
}

func TestSummaryLine(t *testing.T) {
	s := summarize([]*kindResult{
		{kind: "a", applied: 3, pairs: 10, kept: 9},
		{kind: "b", applied: 0}, // not applied: no pairs, not counted
		{kind: "a", applied: 1, pairs: 4, kept: 4},
		{kind: "c", applied: 2, pairs: 5, kept: 4, added: []*changed{{}}},
	})
	if got, want := s.line(), "metamorphic: 2 refactorings, 19 pairs, 17 invariant (0.89)"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
}
