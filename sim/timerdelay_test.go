package sim

import "testing"

// timerThreadProgram runs timers tagged "tt" on its timer thread.
type timerThreadProgram struct{ scriptedProgram }

func (*timerThreadProgram) OnTimerThread(tag any) bool { return tag == "tt" }

// A stalled timer thread holds its own timers until the stall ends, and
// only those: the process's other timers fire on time, a held timer
// cancelled meanwhile never fires, and a crash ends the stall.
func TestTimerDelayHoldsTimerThreadTimers(t *testing.T) {
	w := NewWorld(Config{Seed: 1, Net: DefaultNet()})
	var cancelled TimerID
	prog := &timerThreadProgram{}
	prog.start = func(p *Proc) {
		p.After(Second, "tt")
		p.After(2*Second, "own")
		cancelled = p.After(3*Second, "tt")
		p.After(4*Second, "tt")
	}
	p := w.AddProcess("c1", Clock{}, prog)
	w.Schedule(Fault{At: Time(500 * Millisecond), Kind: FaultTimerDelay, Target: "c1", For: 5 * Second})
	w.At(Time(3500*Millisecond), func() { p.Cancel(cancelled) })
	w.RunUntil(Time(10 * Second))
	var got []string
	for i, ev := range prog.events {
		got = append(got, ev.Tag.(string)+"@"+prog.at[i].String())
	}
	want := []string{"own@2.000s", "tt@5.500s", "tt@5.500s"}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	if spans := w.FaultSpans(); len(spans) != 1 || spans[0].Kind != FaultTimerDelay || spans[0].End != Time(5500*Millisecond) {
		t.Fatalf("spans %+v", spans)
	}

	// A crash ends the stall with the JVM: the new incarnation's timers
	// fire on time.
	w2 := NewWorld(Config{Seed: 1, Net: DefaultNet()})
	prog2 := &timerThreadProgram{}
	prog2.start = func(p *Proc) { p.After(Second, "tt") }
	p2 := w2.AddProcess("c1", Clock{}, prog2)
	w2.Schedule(Fault{At: Time(500 * Millisecond), Kind: FaultTimerDelay, Target: "c1", For: 10 * Second})
	w2.At(Time(2*Second), func() { p2.Crash(Second) })
	w2.RunUntil(Time(20 * Second))
	if len(prog2.events) != 1 || prog2.at[0] != Time(4*Second) {
		t.Fatalf("after the crash: events at %v, want one at 4s (restart at 3s, its timer 1s later)", prog2.at)
	}
}

// At a protocol point the stall strikes as the timer falls due: that
// timer fires when the stall ends.
func TestTimerDelayAtPoint(t *testing.T) {
	w := NewWorld(Config{Seed: 1, Net: DefaultNet()})
	prog := &namedTimerProgram{}
	prog.start = func(p *Proc) {
		p.After(Second, "tt")
	}
	w.AddProcess("c1", Clock{}, prog)
	w.Schedule(Fault{At: 0, Kind: FaultTimerDelay, Target: "c1", For: 2 * Second, Point: "fire"})
	w.RunUntil(Time(10 * Second))
	if len(prog.events) != 1 || prog.at[0] != Time(3*Second) {
		t.Fatalf("events at %v, want one at 3s", prog.at)
	}
}

// namedTimerProgram names every timer's point "fire".
type namedTimerProgram struct{ timerThreadProgram }

func (*namedTimerProgram) Point(ev Event) string {
	if ev.Kind == EvTimer {
		return "fire"
	}
	return ""
}
