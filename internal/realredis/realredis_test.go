package realredis

import (
	"context"
	"testing"
	"time"
)

func TestFormatTime(t *testing.T) {
	if got, want := FormatTime(1_700_000_000_123), "2023-11-14 22:13:20.123000500"; got != want {
		t.Fatalf("FormatTime = %q, want %q", got, want)
	}
}

// TestServer proves the infrastructure: a real Redis whose clock stands still
// at exactly the millisecond the test sets, and follows every new setting.
func TestServer(t *testing.T) {
	s := Start(t)
	ctx := context.Background()
	c := s.Client()

	checkTime := func(ms int64) {
		t.Helper()
		for _, via := range []string{"TIME", "EVAL"} {
			var r any
			var err error
			if via == "TIME" {
				r, err = s.Do(ctx, "TIME")
			} else {
				r, err = s.Do(ctx, "EVAL", "return redis.call('time')", 0)
			}
			if err != nil {
				t.Fatalf("%s: %v", via, err)
			}
			got := parseTime(t, r)
			if got != ms*1000 {
				t.Fatalf("%s at %d ms = %d us, want %d us", via, ms, got, ms*1000)
			}
		}
	}

	const T int64 = 1_767_225_600_123 // 2026-01-01 00:00:00.123 UTC
	s.SetTime(T)
	checkTime(T)
	time.Sleep(20 * time.Millisecond) // real time passes, fake time does not
	checkTime(T)

	if err := c.Set(ctx, "k", "v", 1000*time.Millisecond).Err(); err != nil {
		t.Fatal(err)
	}
	pttl := func() int64 {
		t.Helper()
		r, err := s.Do(ctx, "PTTL", "k")
		if err != nil {
			t.Fatal(err)
		}
		return r.(int64)
	}
	exists := func() int64 {
		t.Helper()
		n, err := c.Exists(ctx, "k").Result()
		if err != nil {
			t.Fatal(err)
		}
		return n
	}

	if got := pttl(); got != 1000 {
		t.Fatalf("PTTL at T = %d, want 1000", got)
	}
	s.SetTime(T + 999)
	if got := pttl(); got != 1 {
		t.Fatalf("PTTL at T+999 = %d, want 1", got)
	}
	// Redis 7.0: a key expires when now > deadline, so at the deadline it
	// still exists with PTTL 0.
	s.SetTime(T + 1000)
	checkTime(T + 1000)
	if got := pttl(); got != 0 {
		t.Fatalf("PTTL at T+1000 = %d, want 0", got)
	}
	if got := exists(); got != 1 {
		t.Fatalf("EXISTS at T+1000 = %d, want 1", got)
	}
	s.SetTime(T + 1001)
	if got := pttl(); got != -2 {
		t.Fatalf("PTTL at T+1001 = %d, want -2", got)
	}
	if got := exists(); got != 0 {
		t.Fatalf("EXISTS at T+1001 = %d, want 0", got)
	}

	// Every millisecond of a second is reproduced exactly (the 500 ns pad).
	var last int64
	for ms := int64(0); ms < 1000; ms += 7 {
		last = T - 123 + ms
		s.SetTime(last)
		checkTime(last)
	}

	if err := c.Set(ctx, "x", "1", 0).Err(); err != nil {
		t.Fatal(err)
	}
	if err := s.Reset(ctx); err != nil {
		t.Fatal(err)
	}
	if n, err := c.DBSize(ctx).Result(); err != nil || n != 0 {
		t.Fatalf("DBSIZE after Reset = %d, %v", n, err)
	}
	if s.Now() != last || s.Addr() == "" {
		t.Fatalf("Now = %d, Addr = %q", s.Now(), s.Addr())
	}
}

func parseTime(t *testing.T, r any) int64 {
	t.Helper()
	a, ok := r.([]any)
	if !ok || len(a) != 2 {
		t.Fatalf("TIME reply %#v", r)
	}
	var v [2]int64
	for i, x := range a {
		switch x := x.(type) {
		case string: // TIME: bulk strings
			var n int64
			for _, c := range x {
				n = n*10 + int64(c-'0')
			}
			v[i] = n
		case int64: // EVAL: Lua numbers become integers
			v[i] = x
		default:
			t.Fatalf("TIME element %#v", x)
		}
	}
	return v[0]*1_000_000 + v[1]
}
