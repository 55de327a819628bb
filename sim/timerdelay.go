package sim

// A delayed timer thread. A Java client runs some of its timers on one
// timer thread of its own (Redisson: netty's HashedWheelTimer, which
// ServiceManager.newTimeout feeds): the watchdog's renewal, the command
// executor's response timeouts and retries, the subscription's timeout.
// Under CPU starvation (a busy machine, a container at its CPU quota)
// that thread runs late while the application's threads still run: the
// critical section goes on, but the renewal that should keep its lock
// comes late. A GC pause stops everything; this stops only the timer
// thread, which is the case users report (#2665: the watchdog starved at
// 100% CPU).
//
// While a FaultTimerDelay lasts on a process, every timer the program
// says runs on its timer thread (TimerThread) that falls due is held; when
// the fault ends they fire, in the order they fell due. A timer cancelled
// meanwhile never fires, as a cancelled HashedWheelTimer task does not.
// The other timers (a thread's own timed wait, a sleep) fire on time.

// FaultTimerDelay: the process's timer thread stalls for For; its timers
// that fall due meanwhile fire when it ends (as late as For).
const FaultTimerDelay FaultKind = "timer-delay"

// TimerThread is implemented by programs that run some timers on a timer
// thread of their own: OnTimerThread says whether the timer with tag
// does. It is asked only while a FaultTimerDelay lasts.
type TimerThread interface {
	OnTimerThread(tag any) bool
}

// stallTimer holds a timer-thread timer of p while its timer thread is
// stalled; it reports whether it held it.
func (p *Proc) stallTimer(id TimerID, tag any) bool {
	tt, ok := p.prog.(TimerThread)
	if !ok || !tt.OnTimerThread(tag) {
		return false
	}
	p.stalled = append(p.stalled, Event{Kind: EvTimer, Timer: id, Tag: tag})
	return true
}

// stallTimers starts a stall of p's timer thread and returns what ends
// it. A crash ends the stall with the JVM: the new incarnation's timer
// thread runs (Crash clears what was held).
func (p *Proc) stallTimers() (end func()) {
	p.timerStall++
	inc := p.incarnation
	return func() {
		if p.incarnation != inc {
			return
		}
		p.timerStall--
		if p.timerStall > 0 {
			return
		}
		held := p.stalled
		p.stalled = nil
		p.Trace("timers-resume").Int("late", int64(len(held))).End()
		for _, ev := range held {
			if p.incarnation != inc {
				return // a timer's handler crashed the process
			}
			p.deliver(ev)
		}
	}
}
