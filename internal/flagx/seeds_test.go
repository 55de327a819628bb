package flagx

import (
	"math"
	"strings"
	"testing"
)

func TestSeedRange(t *testing.T) {
	for _, c := range []struct {
		arg    string
		lo, hi uint64
		err    string
	}{
		{"1-20", 1, 20, ""}, {"7", 7, 7, ""}, {"0-0", 0, 0, ""},
		{"18446744073709551615", math.MaxUint64, math.MaxUint64, ""},
		{"5-1", 0, 0, "bad seed range"}, {"x", 0, 0, "bad seed range"}, {"1-", 0, 0, "bad seed range"},
		{"-3", 0, 0, "bad seed range"}, {"1-2-3", 0, 0, "bad seed range"},
		{"1-1000000000", 1, 1000000000, ""},
		{"0-1000000000", 0, 0, "holds 1000000001 seeds, more than 1000000000"},
		{"0-18446744073709551615", 0, 0, "holds 18446744073709551616 seeds"},
	} {
		var r SeedRange
		err := r.Set(c.arg)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.arg, err, c.err)
			}
			continue
		}
		if err != nil || r.Lo != c.lo || r.Hi != c.hi {
			t.Errorf("%q: %v, %v", c.arg, r, err)
		}
		if r.Count() != c.hi-c.lo+1 {
			t.Errorf("%q: count %d", c.arg, r.Count())
		}
	}
	r := SeedRange{3, 9}
	if r.String() != "3-9" {
		t.Errorf("String %q", r.String())
	}
}

// The shards of a range take every seed once, each in order.
func TestShardsPartitionTheRange(t *testing.T) {
	r := SeedRange{5, 27}
	for n := 1; n <= 30; n++ {
		seen := map[uint64]int{}
		for i := 1; i <= n; i++ {
			s := Shard{i, n}
			last := uint64(0)
			for k := range s.Count(r) {
				seed := s.Seed(r, k)
				if seed < r.Lo || seed > r.Hi || (k > 0 && seed <= last) {
					t.Fatalf("shard %d/%d: seed %d (k %d) out of order or range", i, n, seed, k)
				}
				last = seed
				seen[seed]++
			}
		}
		if uint64(len(seen)) != r.Count() {
			t.Fatalf("%d shards cover %d of %d seeds", n, len(seen), r.Count())
		}
		for seed, c := range seen {
			if c != 1 {
				t.Fatalf("%d shards: seed %d taken %d times", n, seed, c)
			}
		}
	}
}

func TestShardSet(t *testing.T) {
	for _, bad := range []string{"", "1", "0/1", "2/1", "1/0", "a/b", "1/2/3", "-1/2"} {
		var s Shard
		if err := s.Set(bad); err == nil || !strings.Contains(err.Error(), "bad shard") {
			t.Errorf("%q: %v", bad, err)
		}
	}
	var s Shard
	if err := s.Set("2/4"); err != nil || s != (Shard{2, 4}) || s.String() != "2/4" {
		t.Errorf("2/4: %v %v", s, err)
	}
	if got := (Shard{3, 3}).Count(SeedRange{1, 1}); got != 0 {
		t.Errorf("shard 3/3 of one seed holds %d", got)
	}
}
