package scenario

import (
	"fmt"
	"strings"

	"github.com/locksim/locksim/clients"
)

// handleState: state — the master's store (as redis-cli would show it at
// this instant, without touching it), each replica's copy of the lock, and
// every client's threads: the call each is in, and what it believes it
// holds.
func handleState(e *Env, a *args) (string, error) {
	if err := a.finish(0, "state"); err != nil {
		return "", err
	}
	e.settle()
	var b strings.Builder
	fmt.Fprintf(&b, "%s server=%d\n", e.at(), e.serverMs())
	m := e.w.Master()
	switch {
	case m == nil || !m.Up:
		b.WriteString("no master\n")
	default:
		if m.Name != "redis-0" {
			fmt.Fprintf(&b, "master %s\n", m.Name)
		}
		s := m.Store.Clone()
		s.SetTime(m.Clock.UnixMs(e.w.Now()))
		for _, cmd := range e.stateCommands() {
			fmt.Fprintf(&b, "%s → %s\n", e.label(strings.Join(cmd, " ")), replyText(s.Do(cmd...), e.label))
		}
	}
	for _, n := range e.w.Nodes() {
		if n == m {
			continue
		}
		switch {
		case !n.Up:
			fmt.Fprintf(&b, "%s: down\n", n.Name)
		default:
			s := n.Store.Clone()
			s.SetTime(n.Clock.UnixMs(e.w.Now()))
			cmd := e.stateCommands()[0]
			fmt.Fprintf(&b, "%s (replica, offset %d): %s → %s\n", n.Name, n.Offset(), e.label(strings.Join(cmd, " ")), replyText(s.Do(cmd...), e.label))
		}
	}
	for _, c := range e.clients {
		status := "alive"
		switch {
		case !c.proc.Alive():
			status = "crashed"
		case c.proc.Paused():
			status = "paused"
		}
		if c.cut > 0 {
			status += ", partitioned"
		}
		if e.kind == "" && c.proc.Alive() && c.host.Client().Renewing() {
			status += ", watchdog renewing"
		}
		fmt.Fprintf(&b, "%s (%s): %s\n", c.name, c.proc.Name, status)
		for _, th := range c.threads {
			var parts []string
			if th.held > 0 {
				parts = append(parts, fmt.Sprintf("believes it holds (count %d) since t=%s", th.held, th.since))
			}
			if th.call != nil {
				p := fmt.Sprintf("in %s since t=%s", th.call.desc, th.call.start)
				if r, ok := e.lastAcq[th.owner()]; ok && (strings.HasPrefix(th.call.desc, "lock") || strings.HasPrefix(th.call.desc, "tryLock")) {
					p += ", last acquire reply " + r
				}
				parts = append(parts, p)
			}
			if len(parts) == 0 {
				parts = append(parts, "idle")
			}
			fmt.Fprintf(&b, "  thread %d: %s\n", th.id, strings.Join(parts, "; "))
		}
	}
	return b.String(), nil
}

// stateCommands are the reads `state` shows: the lock (a hash for Redisson,
// a string for the simple locks) and its TTL, and for the fair lock the
// queue and the timeout set, for the fenced lock its token counter.
func (e *Env) stateCommands() [][]string {
	if e.kind != "" {
		return [][]string{{"GET", e.lockName}, {"PTTL", e.lockName}}
	}
	cmds := [][]string{{"HGETALL", e.lockName}, {"PTTL", e.lockName}}
	if e.fair {
		cmds = append(cmds,
			[]string{"LRANGE", clients.QueueName(e.lockName), "0", "-1"},
			[]string{"ZRANGE", clients.TimeoutName(e.lockName), "0", "-1", "WITHSCORES"})
	}
	if e.fenced() {
		cmds = append(cmds, []string{"GET", clients.TokenName(e.lockName)})
	}
	return cmds
}

// handleTrace: trace — what the store ran since the last trace (script
// short names with their ARGV and reply; commands), and the client-side
// happenings around them (re-sends, lost messages, untimed waits).
func handleTrace(e *Env, a *args) (string, error) {
	if err := a.finish(0, "trace"); err != nil {
		return "", err
	}
	e.settle()
	if e.dropped > 0 {
		n := len(e.execs) + e.dropped
		e.execs, e.dropped = e.execs[:0], 0
		return "", fmt.Errorf("trace: %d lines since the last trace, more than the %d it keeps; trace more often", n, maxTraceLines)
	}
	var b strings.Builder
	for _, l := range e.execs {
		b.WriteString(e.traceText(decodeLine(l)))
		b.WriteByte('\n')
	}
	e.execs = e.execs[:0]
	if b.Len() == 0 {
		return "no commands since the last trace", nil
	}
	return b.String(), nil
}

func (e *Env) traceText(l traceLine) string {
	at := "t=" + l.At.String()
	f := func(k string) any { return l.Fields[k] }
	switch l.Kind {
	case "exec":
		who := e.procLabel(l.From)
		var what string
		if l.Script != "" {
			what = shortScript(l.Script) + " [" + strings.Join(e.labels1(l.Argv), " ") + "]"
		} else {
			what = strings.Join(e.labels1(l.Cmd), " ")
		}
		return fmt.Sprintf("%s %s %s → %s", at, who, what, replyText(l.Reply, e.label))
	case "resend":
		return fmt.Sprintf("%s %s: no reply to req %v within the timeout: re-sends it (attempt %v)", at, e.procLabel(l.Node), f("req"), f("attempt"))
	case "drop":
		if to, ok := f("to").(string); ok {
			return fmt.Sprintf("%s %s: reply to %s's req %v lost (%v)", at, l.Node, e.procLabel(to), f("req"), f("why"))
		}
		if ch, ok := f("channel").(string); ok {
			return fmt.Sprintf("%s %s: message on %s lost (%v)", at, e.procLabel(l.Node), e.label(ch), f("why"))
		}
		return fmt.Sprintf("%s %s: req %v lost (%v)", at, e.procLabel(l.Node), f("req"), f("why"))
	case "untimed-wait":
		return fmt.Sprintf("%s %s: ttl %v: waits with no timeout", at, e.procLabel(l.Node), f("ttl"))
	case "renew-error":
		return fmt.Sprintf("%s %s: renewal failed: %v", at, e.procLabel(l.Node), e.label(fmt.Sprint(f("error"))))
	}
	return fmt.Sprintf("%s %s %s", at, l.Node, l.Kind)
}
