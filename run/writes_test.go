package run

import "testing"

// Every critical section writes to the protected resource on entry and,
// unless its process died first, just before it releases.
func TestCriticalSectionsWrite(t *testing.T) {
	r, err := New(Config{Algo: "rlock-3.8.1", Seed: 4, Preset: "crash"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Execute()
	h := r.History
	if len(h.Sections) == 0 {
		t.Fatal("no critical sections")
	}
	i := 0
	for _, s := range h.Sections {
		if i >= len(h.Writes) {
			t.Fatalf("section %+v has no write", s)
		}
		want := 1
		if s.Ended == "unlock" {
			want = 2
		}
		got := 0
		for _, w := range h.Writes {
			if w.Owner == s.Owner && w.At >= s.Start && (s.End < 0 || w.At <= s.End) {
				got++
			}
		}
		if got < want {
			t.Fatalf("section %+v: %d writes, want at least %d", s, got, want)
		}
		i++
	}
}
