package clients

import "testing"

// Which timers a stalled timer thread holds: the watchdog's, the
// executor's and the subscription's timeouts, and the waits that are
// newTimeout tasks (the fenced lock's, 4.7.0 lock()'s subscription
// timeout); never a thread's own timed wait, and nothing of a simple lock.
func TestOnTimerThread(t *testing.T) {
	for _, c := range []struct {
		algo string
		key  TimerKey
		pc   pc
		want bool
	}{
		{"rlock-3.16.8", TimerKey{TimerWatchdog, 0}, pcIdle, true},
		{"rlock-3.8.1", TimerKey{TimerExec, 0}, pcLockFirst, true},
		{"rlock-4.7.0", TimerKey{TimerTaskExec, 0}, pcIdle, true},
		{"rlock-3.16.8", TimerKey{TimerSubscribe, 0}, pcIdle, true},
		{"rlock-3.16.8", TimerKey{TimerWait, 0}, pcLockWait, false},
		{"rlock-3.16.8", TimerKey{TimerWait, 0}, pcLockSubscribe, false},
		{"rlock-4.7.0", TimerKey{TimerWait, 0}, pcLockSubscribe, true},
		{"rlock-4.7.0", TimerKey{TimerWait, 0}, pcTryWait, false},
		{"fencedlock-4.7.0", TimerKey{TimerWait, 0}, pcFencedWait, true},
		{"rlock-4.7.0", TimerKey{TimerUnpark, 0}, pcLockWait, false},
		{"set-px", TimerKey{TimerExec, 0}, pcSimpleTry, false},
		{"rlock-3.16.8", TimerKey{TimerWait, 5}, pcIdle, false}, // no such thread
	} {
		cf, err := NewConfig(c.algo, "myLock")
		if err != nil {
			t.Fatal(err)
		}
		cl := NewClient(cf, "u")
		cl.threads = []thread{{id: 50, pc: c.pc}}
		if got := cl.onTimerThread(c.key); got != c.want {
			t.Errorf("%s %s timer in %s: on the timer thread %v, want %v", c.algo, c.key.Kind, pcNames[c.pc], got, c.want)
		}
	}
}
