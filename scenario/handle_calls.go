package scenario

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// busy says why th cannot start a call now ("" when it can).
func (e *Env) busy(th *thread) string {
	p := th.c.proc
	switch {
	case !p.Alive():
		return fmt.Sprintf("%s %s is crashed: restart it first", e.at(), th.c.name)
	case p.Paused():
		return fmt.Sprintf("%s %s is paused: its threads cannot call anything", e.at(), th.c.name)
	case th.call != nil:
		return fmt.Sprintf("%s %s is still in %s (since t=%s)", e.at(), th.label(), th.call.desc, th.call.start)
	}
	return ""
}

func (e *Env) begin(th *thread, desc string) *call {
	c := &call{desc: desc, start: e.w.Now(), inc: th.c.proc.Incarnation()}
	th.call = c
	delete(e.lastAcq, th.owner())
	return c
}

// end records a call's return (ignored if the thread's process crashed
// since: that call never returns).
func (e *Env) end(th *thread, c *call, text string) {
	if th.call != c {
		return
	}
	th.call = nil
	e.event("%s: %s → %s", th.label(), c.desc, text)
}

func (th *thread) acquired() {
	th.held++
	if th.held == 1 {
		th.since = th.c.proc.VirtualNow()
	}
}

func (th *thread) released() {
	if th.held > 0 {
		th.held--
	}
}

// after runs the world until the call settles and reports it if it did not
// return yet.
func (e *Env) after(th *thread, c *call) string {
	e.settle()
	if th.call != c {
		return ""
	}
	extra := ""
	if r, ok := e.lastAcq[th.owner()]; ok && (strings.HasPrefix(c.desc, "lock") || strings.HasPrefix(c.desc, "tryLock")) {
		extra = ", last acquire reply " + r
	}
	return fmt.Sprintf("%s %s: %s in progress%s", e.at(), th.label(), c.desc, extra)
}

func (e *Env) errText(text string) string { return "error: " + e.label(text) }

// leaseArg reads lease=D as whole milliseconds (-1 when absent).
func leaseArg(a *args) (int64, string, error) {
	d, ok, err := a.dur("lease")
	if err != nil || !ok {
		return -1, "", err
	}
	if d <= 0 || d%sim.Millisecond != 0 {
		return 0, "", fmt.Errorf("%s: lease=%s: want a positive whole number of ms", a.cmd, d)
	}
	return d.Ms(), "lease=" + d.String(), nil
}

// threadFor parses "CMD A [thread=N]" and, through more (nil: none), the
// command's other arguments; then it checks that nothing is left over and
// resolves A's thread, in that order, so a bad argument is reported before
// an unknown client.
func (e *Env) threadFor(a *args, usage string, more func() error) (*thread, error) {
	ref, err := e.threadArg(a)
	if err != nil {
		return nil, err
	}
	if more != nil {
		if err := more(); err != nil {
			return nil, err
		}
	}
	if err := a.finish(1, usage); err != nil {
		return nil, err
	}
	return ref()
}

// handleLock: lock A [thread=N] [lease=D] — lock() or lock(leaseTime).
func handleLock(e *Env, a *args) (string, error) {
	var lease int64
	var ldesc string
	th, err := e.threadFor(a, "lock A [thread=N] [lease=D]", func() (err error) {
		lease, ldesc, err = leaseArg(a)
		return err
	})
	if err != nil {
		return "", err
	}
	if msg := e.busy(th); msg != "" {
		return msg, nil
	}
	c := e.begin(th, e.acquireName("lock", "lockAndGetToken")+"("+ldesc+")")
	th.do(clients.Call{Kind: clients.CallLock, Wait: -1, Lease: lease}, func(r clients.Result) { e.endAcquire(th, c, r, "acquired") })
	return e.after(th, c), nil
}

// endReply ends c with text, or with the exception's text when the call
// failed.
func (e *Env) endReply(th *thread, c *call, r clients.Result, text string) {
	if r.Failed() {
		text = e.errText(r.Text)
	}
	e.end(th, c, text)
}

// endAcquire ends an acquire: yes and the thread holds, "false", or the
// exception.
func (e *Env) endAcquire(th *thread, c *call, r clients.Result, yes string) {
	switch {
	case r.Failed():
		e.end(th, c, e.errText(r.Text))
	case r.OK:
		th.acquired()
		if e.fenced() {
			yes += fmt.Sprintf(", token %d", r.Value) // RFencedLock's answer
		}
		e.end(th, c, yes)
	default:
		if e.fenced() {
			e.end(th, c, "null") // tryLockAndGetToken's Long
			return
		}
		e.end(th, c, "false")
	}
}

// acquireName is the method an acquiring command calls: the fenced lock's
// scenarios call lockAndGetToken and tryLockAndGetToken.
func (e *Env) acquireName(plain, fenced string) string {
	if e.fenced() {
		return fenced
	}
	return plain
}

// handleTryLock: trylock A [thread=N] [wait=D] [lease=D] [unit=ms|s] —
// tryLock(waitTime, leaseTime, unit).
func handleTryLock(e *Env, a *args) (string, error) {
	var wait, leaseD sim.Duration
	var hasWait, hasLease bool
	var unitText string
	th, err := e.threadFor(a, "trylock A [thread=N] [wait=D] [lease=D] [unit=ms|s]", func() (err error) {
		if wait, hasWait, err = a.dur("wait"); err != nil {
			return err
		}
		if leaseD, hasLease, err = a.dur("lease"); err != nil {
			return err
		}
		unitText, _ = a.str("unit", "ms")
		return nil
	})
	if err != nil {
		return "", err
	}
	unit := clients.Milliseconds
	step := sim.Millisecond
	switch unitText {
	case "ms":
	case "s":
		unit, step = clients.Seconds, sim.Second
	default:
		return "", fmt.Errorf("trylock: unit=%s: want ms or s", unitText)
	}
	if !hasWait {
		wait = 0
	}
	if wait < 0 || wait%step != 0 {
		return "", fmt.Errorf("trylock: wait=%s: want a whole number of %s, not negative", wait, unitText)
	}
	lease := int64(-1)
	if hasLease {
		if leaseD <= 0 || leaseD%step != 0 {
			return "", fmt.Errorf("trylock: lease=%s: want a positive whole number of %s", leaseD, unitText)
		}
		lease = int64(leaseD / step)
	}
	if msg := e.busy(th); msg != "" {
		return msg, nil
	}
	desc := e.acquireName("tryLock", "tryLockAndGetToken") + "(wait=" + wait.String()
	if hasLease {
		desc += ", lease=" + leaseD.String()
	}
	if unit == clients.Seconds {
		desc += ", SECONDS"
	}
	desc += ")"
	c := e.begin(th, desc)
	th.do(clients.Call{Kind: clients.CallTryLockWait, Wait: int64(wait / step), Lease: lease, Unit: unit}, func(r clients.Result) { e.endAcquire(th, c, r, "true") })
	return e.after(th, c), nil
}

// handleTryLockNow: trylock-now A [thread=N] — tryLock(): one attempt
// (the fair lock's EVAL_NULL_BOOLEAN, which never enqueues). tryLock()
// takes no lease: "no wait, with a lease" is `trylock A wait=0 lease=D`.
func handleTryLockNow(e *Env, a *args) (string, error) {
	th, err := e.threadFor(a, "trylock-now A [thread=N]", nil)
	if err != nil {
		return "", err
	}
	if msg := e.busy(th); msg != "" {
		return msg, nil
	}
	c := e.begin(th, e.acquireName("tryLock", "tryLockAndGetToken")+"()")
	th.do(clients.Call{Kind: clients.CallTryLock, Wait: -1, Lease: -1}, func(r clients.Result) { e.endAcquire(th, c, r, "true") })
	return e.after(th, c), nil
}

// handleUnlock: unlock A [thread=N] — unlock(). The thread leaves its
// critical section whatever the outcome.
func handleUnlock(e *Env, a *args) (string, error) {
	th, err := e.threadFor(a, "unlock A [thread=N]", nil)
	if err != nil {
		return "", err
	}
	if msg := e.busy(th); msg != "" {
		return msg, nil
	}
	c := e.begin(th, "unlock()")
	th.do(clients.Call{Kind: clients.CallUnlock, Wait: -1, Lease: -1}, func(r clients.Result) {
		th.released()
		e.endReply(th, c, r, "ok")
	})
	return e.after(th, c), nil
}

// redissonCall parses "CMD A [thread=N]" for a call only Redisson's locks
// have and returns the thread, ready for a new call; when msg is set it is
// printed instead (not a Redisson lock, or the thread is busy).
func (e *Env) redissonCall(a *args, usage string) (th *thread, msg string, err error) {
	if th, err = e.threadFor(a, usage, nil); err != nil {
		return nil, "", err
	}
	if msg, ok := e.redissonOnly(a); !ok {
		return nil, msg, nil
	}
	return th, e.busy(th), nil
}

// redissonOnly reports that a command needs a Redisson lock.
func (e *Env) redissonOnly(a *args) (string, bool) {
	if e.kind != "" {
		return fmt.Sprintf("%s: not available for the simple lock %s", a.cmd, e.kind), false
	}
	return "", true
}

// handleForceUnlock: force-unlock A [thread=N] — forceUnlock().
func handleForceUnlock(e *Env, a *args) (string, error) {
	th, msg, err := e.redissonCall(a, "force-unlock A [thread=N]")
	if err != nil || msg != "" {
		return msg, err
	}
	c := e.begin(th, "forceUnlock()")
	th.do(clients.Call{Kind: clients.CallForceUnlock, Wait: -1, Lease: -1}, func(r clients.Result) {
		if r.OK && !r.Failed() {
			th.held = 0
		}
		e.endReply(th, c, r, strconv.FormatBool(r.OK))
	})
	return e.after(th, c), nil
}

// handleHeld: held A [thread=N] — isHeldByCurrentThread().
func handleHeld(e *Env, a *args) (string, error) {
	return e.query(a, "held", "isHeldByCurrentThread()", clients.CallIsHeld, func(r clients.Result) string { return strconv.FormatBool(r.OK) })
}

// handleLocked: locked A [thread=N] — isLocked().
func handleLocked(e *Env, a *args) (string, error) {
	return e.query(a, "locked", "isLocked()", clients.CallIsLocked, func(r clients.Result) string { return strconv.FormatBool(r.OK) })
}

// handleHoldCount: hold-count A [thread=N] — getHoldCount().
func handleHoldCount(e *Env, a *args) (string, error) {
	return e.query(a, "hold-count", "getHoldCount()", clients.CallHoldCount, func(r clients.Result) string { return strconv.FormatInt(r.Value, 10) })
}

// handleRemainTTL: remain-ttl A [thread=N] — remainTimeToLive().
func handleRemainTTL(e *Env, a *args) (string, error) {
	return e.query(a, "remain-ttl", "remainTimeToLive()", clients.CallRemainTTL, func(r clients.Result) string { return strconv.FormatInt(r.Value, 10) })
}

// query runs "CMD A [thread=N]", a call that only asks (desc, of kind),
// and prints its answer.
func (e *Env) query(a *args, cmd, desc string, kind clients.CallKind, answer func(clients.Result) string) (string, error) {
	th, msg, err := e.redissonCall(a, cmd+" A [thread=N]")
	if err != nil || msg != "" {
		return msg, err
	}
	c := e.begin(th, desc)
	th.do(clients.Call{Kind: kind, Wait: -1, Lease: -1}, func(r clients.Result) { e.endReply(th, c, r, answer(r)) })
	return e.after(th, c), nil
}

// handleWake: wake A [thread=N] — PUBLISH the unlock message (0) on the
// channel A's thread waits on (the fair lock's per-thread channel, or the
// lock's channel), as another client's unlock would: it releases one
// permit of A's lock entry, so a thread blocked in lock() or tryLock()
// retries at once.
func handleWake(e *Env, a *args) (string, error) {
	th, err := e.threadFor(a, "wake A [thread=N]", nil)
	if err != nil {
		return "", err
	}
	if msg, ok := e.redissonOnly(a); !ok {
		return msg, nil
	}
	ch := clients.ChannelName(e.lockName)
	if e.fair {
		ch += ":" + th.owner()
	}
	m := e.w.Master()
	if m == nil || !m.Up {
		return e.at() + " no master to publish on", nil
	}
	now := m.Clock.UnixMs(e.w.Now())
	m.Store.SetTime(now)
	r := m.Store.Do("PUBLISH", ch, "0")
	e.w.Tracer().Event(e.w.Now(), m.Name, "exec").Str("from", "scenario").Int("server_ms", now).
		Strs("cmd", []string{"PUBLISH", ch, "0"}).Reply("reply", r).End()
	e.event("PUBLISH %s 0 → %s receiver(s)", e.label(ch), replyText(r, e.label))
	e.settle()
	return "", nil
}

// handleLockInterruptibly: lock-interruptibly A [thread=N] [lease=D] —
// lockInterruptibly() or lockInterruptibly(leaseTime): an interrupt ends
// its wait with InterruptedException.
func handleLockInterruptibly(e *Env, a *args) (string, error) {
	var lease int64
	var ldesc string
	th, err := e.threadFor(a, "lock-interruptibly A [thread=N] [lease=D]", func() (err error) {
		lease, ldesc, err = leaseArg(a)
		return err
	})
	if err != nil {
		return "", err
	}
	if msg, ok := e.redissonOnly(a); !ok {
		return msg, nil
	}
	if msg := e.busy(th); msg != "" {
		return msg, nil
	}
	c := e.begin(th, "lockInterruptibly("+ldesc+")")
	th.do(clients.Call{Kind: clients.CallLock, Wait: -1, Lease: lease, Interruptibly: true}, func(r clients.Result) { e.endAcquire(th, c, r, "acquired") })
	return e.after(th, c), nil
}

// handleInterrupt: interrupt A [thread=N] — Thread.interrupt(): a thread
// blocked interruptibly throws now; otherwise the status stays set for
// its next wait.
func handleInterrupt(e *Env, a *args) (string, error) {
	th, err := e.threadFor(a, "interrupt A [thread=N]", nil)
	if err != nil {
		return "", err
	}
	if msg, ok := e.redissonOnly(a); !ok {
		return msg, nil
	}
	p := th.c.proc
	if !p.Alive() || p.Paused() {
		return e.at() + " " + th.c.name + " is not running", nil
	}
	e.event("%s interrupted", th.label())
	th.c.host.Interrupt(th.id)
	e.settle()
	return "", nil
}

// handleDelete: delete A [thread=N] — delete(): forceUnlock for RLock;
// the fair lock's DEL of the lock, its queue and its timeout set.
func handleDelete(e *Env, a *args) (string, error) {
	th, msg, err := e.redissonCall(a, "delete A [thread=N]")
	if err != nil || msg != "" {
		return msg, err
	}
	c := e.begin(th, "delete()")
	th.do(clients.Call{Kind: clients.CallDelete, Wait: -1, Lease: -1}, func(r clients.Result) {
		if r.OK && !r.Failed() {
			th.held = 0
		}
		e.endReply(th, c, r, strconv.FormatBool(r.OK))
	})
	return e.after(th, c), nil
}

// fenced reports whether the world's lock is the fenced one (RFencedLock).
func (e *Env) fenced() bool { return e.cf != nil && e.cf.Opts.Fenced }
