package run

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// SpinDiff runs cfg twice, fast-forwarded and step by step, and returns
// the first way the two differ (nil when they are the same run): the
// fast-forwarded trace must be the step-by-step one with the exec lines of
// every elided run (a script, and the WAIT of its batch) replaced by its
// loop's "elided" line, the counts on those lines must be the runs they
// replace, the histories must agree on everything but the samples of the
// elided runs, and every other sample must be the same. Both runs are
// returned for further comparison (the verdicts: package verdict's test).
func SpinDiff(cfg Config) (fast, slow *Run, err error) {
	var fb, sb bytes.Buffer
	cfg.StepByStep = false
	if fast, err = New(cfg, &fb); err != nil {
		return nil, nil, err
	}
	fast.Execute()
	fast.World.Tracer().Flush()
	cfg.StepByStep = true
	if slow, err = New(cfg, &sb); err != nil {
		return nil, nil, err
	}
	slow.Execute()
	slow.World.Tracer().Flush()
	if err := diffTraces(fb.Bytes(), sb.Bytes()); err != nil {
		return fast, slow, err
	}
	return fast, slow, diffHistories(fast.History, slow.History)
}

// elidedSpan is what one "elided" line covers: the exec lines of process
// from with request ids in [lo, hi].
type elidedSpan struct {
	from   string
	lo, hi int64
	script string
	argv   []any // the run's arguments but its last (the time)
	runs   int
	seen   int
}

// diffTraces compares a fast-forwarded trace with the step-by-step one.
func diffTraces(fast, slow []byte) error {
	var spans []*elidedSpan
	var kept [][]byte
	for _, raw := range bytes.Split(fast, []byte("\n")) {
		if len(raw) == 0 {
			continue
		}
		l, err := sim.DecodeTraceLine(raw)
		if err != nil {
			return fmt.Errorf("fast-forwarded trace: %v", err)
		}
		if l.Kind == "elided" {
			spans = append(spans, &elidedSpan{from: fmt.Sprint(l.Fields["from"]), lo: num(l.Fields["req_from"]), hi: num(l.Fields["req_to"]),
				script: fmt.Sprint(l.Fields["script"]), argv: untimed(l.Fields["argv"]), runs: int(num(l.Fields["runs"]))})
			continue
		}
		kept = append(kept, raw)
	}
	i := 0
	var last *elidedSpan // the span of the last script line taken out
	var lastFrom string
	var lastReq int64
	for n, raw := range bytes.Split(slow, []byte("\n")) {
		if len(raw) == 0 {
			continue
		}
		if bytes.Contains(raw, []byte(`"kind":"exec"`)) {
			l, err := sim.DecodeTraceLine(raw)
			if err != nil {
				return fmt.Errorf("step-by-step trace: %v", err)
			}
			from, req := fmt.Sprint(l.Fields["from"]), num(l.Fields["req"])
			if _, cmd := l.Fields["cmd"]; cmd {
				// a batch's WAIT goes with its script
				if last != nil && from == lastFrom && req == lastReq {
					continue
				}
			} else if s := spanOf(spans, from, req, fmt.Sprint(l.Fields["script"]), untimed(l.Fields["argv"])); s != nil {
				s.seen++
				last, lastFrom, lastReq = s, from, req
				continue
			}
			last = nil
		}
		if i == 0 {
			// the run header says how the run was made
			raw = bytes.Replace(raw, []byte(`,"step_by_step":true`), nil, 1)
		}
		if i >= len(kept) {
			return fmt.Errorf("step-by-step trace line %d is past the fast-forwarded trace's end: %s", n+1, raw)
		}
		if !bytes.Equal(raw, kept[i]) {
			return fmt.Errorf("trace differs at step-by-step line %d:\n  step-by-step:   %s\n  fast-forwarded: %s", n+1, raw, kept[i])
		}
		i++
	}
	if i != len(kept) {
		return fmt.Errorf("the fast-forwarded trace has %d more lines: %s", len(kept)-i, kept[i])
	}
	for _, s := range spans {
		if s.seen != s.runs {
			return fmt.Errorf("elided line of %s requests %d-%d says %d runs, the step-by-step trace has %d", s.from, s.lo, s.hi, s.runs, s.seen)
		}
	}
	return nil
}

func spanOf(spans []*elidedSpan, from string, req int64, script string, argv []any) *elidedSpan {
	for _, s := range spans {
		if s.from == from && req >= s.lo && req <= s.hi && s.script == script && reflect.DeepEqual(s.argv, argv) {
			return s
		}
	}
	return nil
}

// untimed is a run's arguments without the last, the time argument of
// the script that spins.
func untimed(v any) []any {
	a, _ := v.([]any)
	if len(a) == 0 {
		return nil
	}
	return a[:len(a)-1]
}

func num(v any) int64 {
	var n int64
	fmt.Sscan(fmt.Sprint(v), &n)
	return n
}

// diffHistories compares what two runs recorded: equal but for the
// samples of elided runs.
func diffHistories(fast, slow *model.History) error {
	a, b := *fast, *slow
	fs, ss, el := a.Store, b.Store, a.Elided
	a.Store, b.Store, a.Elided, b.Elided = nil, nil, nil, nil
	if !reflect.DeepEqual(a, b) {
		return fmt.Errorf("the histories differ beyond their samples: %s", firstFieldDiff(a, b))
	}
	if len(b.Elided) != 0 {
		return fmt.Errorf("the step-by-step run elided %d loops", len(b.Elided))
	}
	// Take out of the step-by-step samples those of elided runs: by the
	// loop's call, script and times.
	elided := 0
	var kept []model.StoreSample
	for _, smp := range ss {
		if slices.ContainsFunc(el, func(e model.ElidedRuns) bool {
			return e.Tag == smp.Tag && e.Script == smp.Script && e.Node == smp.Node && smp.At >= e.From && smp.At <= e.To
		}) {
			elided++
			continue
		}
		kept = append(kept, smp)
	}
	runs := 0
	for _, e := range el {
		runs += e.Runs
	}
	if elided != runs {
		return fmt.Errorf("the fast-forward says it elided %d runs, the step-by-step run has %d samples in their spans", runs, elided)
	}
	if len(kept) != len(fs) {
		return fmt.Errorf("%d samples kept, the fast-forwarded run has %d", len(kept), len(fs))
	}
	for i := range kept {
		if !reflect.DeepEqual(kept[i], fs[i]) {
			return fmt.Errorf("sample %d differs:\n  step-by-step:   %+v\n  fast-forwarded: %+v", i, kept[i], fs[i])
		}
	}
	return nil
}

// firstFieldDiff names the first field of two histories that differs.
func firstFieldDiff(a, b model.History) string {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := 0; i < va.NumField(); i++ {
		if !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			name := va.Type().Field(i).Name
			x, y := va.Field(i), vb.Field(i)
			if x.Kind() == reflect.Slice {
				if x.Len() != y.Len() {
					return fmt.Sprintf("%s: %d and %d entries", name, x.Len(), y.Len())
				}
				for j := 0; j < x.Len(); j++ {
					if !reflect.DeepEqual(x.Index(j).Interface(), y.Index(j).Interface()) {
						return fmt.Sprintf("%s[%d]: %+v and %+v", name, j, x.Index(j).Interface(), y.Index(j).Interface())
					}
				}
			}
			return fmt.Sprintf("%s: %+v and %+v", name, x.Interface(), y.Interface())
		}
	}
	return "?"
}
