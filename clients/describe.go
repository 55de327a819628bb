package clients

import (
	"fmt"
	"strings"
)

// Words for a client's state, for stories and scenario output.

// ThreadID returns the Java thread id in slot i.
func (c *Client) ThreadID(i int) (int64, bool) {
	if i < 0 || i >= len(c.threads) {
		return 0, false
	}
	return c.threads[i].id, true
}

// ExecPhase names what the executor timer of an owner's command does
// next: "timeout" (the response timeout), "resend" (3.16.8's re-send
// after one), "retry" (the write retry after a failed connection).
func (c *Client) ExecPhase(own OwnerKind, slot int) string {
	e := c.execOf(own, slot)
	if e == nil {
		return "exec"
	}
	switch e.phase {
	case execResend:
		return "resend"
	case execWriteFailed:
		return "retry"
	}
	return "timeout"
}

// ThreadState says where thread tid is in its call.
func (c *Client) ThreadState(tid int64) string {
	i := c.findThread(tid)
	if i < 0 {
		return "idle"
	}
	t := &c.threads[i]
	s := pcNames[t.pc]
	if t.onLatch {
		s += " on its latch"
	}
	if t.measures() && t.pc != pcSimpleTry && t.pc != pcSimplePoll {
		s += fmt.Sprintf(", %d ms of its wait left", t.time)
	}
	if t.interrupted {
		s += ", interrupted"
	}
	return s
}

// Describe says what the client keeps besides its threads' calls: the
// watchdog's entry and tasks, and the pub/sub entries ("" when nothing).
func (c *Client) Describe() string {
	var parts []string
	if c.ren.present {
		var ts []string
		for _, x := range c.ren.threads {
			ts = append(ts, fmt.Sprintf("%s×%d", c.Owner(x.tid), x.count))
		}
		parts = append(parts, "renewal entry for "+strings.Join(ts, ", "))
	}
	for j, t := range c.tasks {
		if t.live && t.exec.phase != execIdle {
			parts = append(parts, fmt.Sprintf("watchdog task %d renewing", j+1))
		}
	}
	for _, e := range c.subs {
		s := fmt.Sprintf("pub/sub entry %s (%d users", e.channel, e.refs)
		switch e.state {
		case psPending:
			s += ", subscribing"
		case psFailed:
			s += ", failed"
		case psCancelled:
			s += ", cancelled"
		}
		if e.permits > 0 {
			s += fmt.Sprintf(", %d permits", e.permits)
		}
		if len(e.listeners) > 0 {
			s += fmt.Sprintf(", %d listeners", len(e.listeners))
		}
		parts = append(parts, s+")")
	}
	return strings.Join(parts, "; ")
}
