package explore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
)

// Replay steps one configuration by scenario commands, checking that each
// step is one the search could take: it is how a saved counterexample
// replays (package scenario hands every command after `explore` to it).
//
//	lock A | unlock A | trylock-wait A | …  thread A makes its program's next call (named by its op)
//	deliver A MSG                     a message arrives (MSG as the story names it: acquire, acquire.reply, watchdog.renew, publish…)
//	fire A wait|unpark|timeout|resend|retry|watchdog|watchdog.timeout|watchdog.resend|subscribe|listener
//	advance Dms                       time passes (only to a timer or a lease or queue boundary, ±1 ms)
//	crash A | pause A | resume A | drop A MSG | delay A MSG | restart-redis
//	expire-redis                      with a replica: the background expiry deletes the expired keys
//	state                             the keyspace, the threads and the messages in flight
//	check                             the safety violation of the current state, or "ok"
type Replay struct {
	m    *machine
	s    state
	at   int64
	last []checks.Violation // what the last step broke
	// notes are the flaw paths the clients took so far (known.go)
	notes *flawNotes
}

// NewReplay starts cfg at its initial state.
func NewReplay(cfg Config) (*Replay, error) {
	m, err := newMachine(cfg)
	if err != nil {
		return nil, err
	}
	r := &Replay{m: m, s: m.initial(), notes: &flawNotes{m: m}}
	m.logNote = r.notes.note
	return r, nil
}

// Heading is the output of the `explore` command that starts a replay.
func Heading(cfg Config) string {
	var ops []string
	for _, o := range cfg.ops() {
		ops = append(ops, opTable[o].what)
	}
	h := fmt.Sprintf("explore %s: %d thread(s) in %d process(es), each: %s; faults %s", cfg.Algo, cfg.Threads, cfg.Threads/cfg.perProc(), strings.Join(ops, "; "), cfg.Faults)
	if cfg.Replicas > 0 {
		h += fmt.Sprintf("; a replica, each write applied within %d ms", cfg.replLag())
	}
	if cfg.Client != (clients.ClientOverrides{}) {
		h += "; settings " + cfg.Client.String()
	}
	return h
}

// Do runs one command line and returns its output.
func (r *Replay) Do(line string) (string, error) {
	line = strings.Join(strings.Fields(line), " ")
	switch line {
	case "state":
		return strings.Join(r.m.describe(&r.s), "\n"), nil
	case "check":
		var lines []string
		for _, f := range append(slices.Clone(r.last), r.m.stateFindings(&r.s)...) {
			lines = append(lines, findingText(r.m.resolve(f, r.notes.flaws, r.at)))
		}
		if len(lines) == 0 {
			return "ok", nil
		}
		return strings.Join(lines, "\n"), nil
	}
	acts := r.m.actions(&r.s, nil)
	var names []string
	for _, a := range acts {
		name := r.m.command(&r.s, a)
		if name != line {
			names = append(names, name)
			continue
		}
		if a.kind == aAdvance {
			r.at += a.delta
			r.notes.at = r.at
		}
		var st narration
		r.s = r.m.apply(&r.s, a, &st)
		r.last = slices.Clone(r.m.found)
		return formatStep(Step{Command: name, At: r.at, Lines: st.lines}), nil
	}
	return "", fmt.Errorf("%q is not a step this state allows (it allows: %s)", line, strings.Join(names, "; "))
}

func formatStep(s Step) string {
	var b strings.Builder
	for i, l := range s.Lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "t=%dms %s", s.At, l)
	}
	return b.String()
}

// Scenario renders the bug-class violation as a scenario file that
// replays it with `simrun scenario FILE` ("" when none was found).
func (r *Result) Scenario() string {
	if r.Violation == nil {
		return ""
	}
	return r.Violation.Scenario(r.Config)
}

// Scenario renders the violation as a scenario file that replays it: the
// configuration, every step with what it did, and the final state with
// its verdict, each output the replay's own.
func (v *Violation) Scenario(cfg Config) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# The shortest counterexample simrun explore found for %s:\n", cfg.Header())
	switch {
	case v.Bug:
		fmt.Fprintf(&b, "# bug %s: %s [%s]\n", v.Kind, v.Detail, v.Mechanism)
	case v.Known:
		fmt.Fprintf(&b, "# known %s: %s [%s, %s]\n", v.Kind, v.Detail, v.Mechanism, v.Ref)
	default:
		fmt.Fprintf(&b, "# by design %s (%s): %s [%s]\n", v.Kind, v.Excuse, v.Detail, v.Mechanism)
	}
	fmt.Fprintf(&b, "# Replay it with: simrun scenario FILE\n\n")
	fmt.Fprintf(&b, "explore %s\n----\n%s\n\n", cfg.Header(), Heading(cfg))
	r, err := NewReplay(cfg)
	do := func(cmd string) string {
		if err != nil {
			return "error: " + err.Error()
		}
		out, e := r.Do(cmd)
		if e != nil {
			return "error: " + e.Error()
		}
		return out
	}
	for _, s := range v.Steps {
		fmt.Fprintf(&b, "%s\n----\n%s\n\n", s.Command, do(s.Command))
	}
	fmt.Fprintf(&b, "state\n----\n%s\n\n", do("state"))
	fmt.Fprintf(&b, "check\n----\n%s\n", do("check"))
	return b.String()
}

// findingText is a finding as `check` prints it, with its mechanism.
func findingText(f checks.Violation) string {
	switch f.Class {
	case checks.Bug:
		return fmt.Sprintf("bug %s: %s [%s]", f.Property, f.Detail, f.Mech.Label())
	case checks.Known:
		return fmt.Sprintf("known %s: %s [%s, %s]", f.Property, f.Detail, f.Mech.Label(), f.Mech.Ref)
	}
	return fmt.Sprintf("%s %s (%s): %s [%s]", strings.ReplaceAll(string(f.Class), "-", " "), f.Property, f.Mech.Detail, f.Detail, f.Mech.Label())
}

// Story is the violation told step by step, for a terminal.
func (v *Violation) Story() string {
	var b strings.Builder
	for i, s := range v.Steps {
		fmt.Fprintf(&b, "%3d. %s\n", i+1, s.Command)
		for _, l := range s.Lines {
			fmt.Fprintf(&b, "       t=%dms %s\n", s.At, l)
		}
	}
	b.WriteString("final state:\n")
	for _, l := range v.State {
		fmt.Fprintf(&b, "       %s\n", l)
	}
	return b.String()
}

// replayPath runs path from the initial state, recording each step's
// command and story.
func (m *machine) replayPath(path []action, f checks.Violation) *Violation {
	v := &Violation{Kind: f.Property, Detail: f.Detail, Bug: f.Class == checks.Bug, Known: f.Class == checks.Known, Mechanism: f.Mech.Label(), Ref: f.Mech.Ref}
	if !v.Bug {
		v.Excuse = f.Mech.Detail
	}
	s := m.initial()
	var at int64
	for _, a := range path {
		if a.kind == aAdvance {
			at += a.delta
		}
		step := Step{Command: m.command(&s, a), At: at}
		var sto narration
		s = m.apply(&s, a, &sto)
		step.Lines = sto.lines
		v.Steps = append(v.Steps, step)
	}
	v.State = m.describe(&s)
	return v
}

// command is the scenario command of step a from state s.
func (m *machine) command(s *state, a action) string {
	switch a.kind {
	case aCall:
		return m.program[s.threads[a.who].next].name + " " + m.threadName(int(a.who))
	case aDeliver:
		if s.msgs[a.mi].kind == mWait {
			return "time-out " + m.msgRef(s, int(a.mi))
		}
		return "deliver " + m.msgRef(s, int(a.mi))
	case aFire:
		return "fire " + m.timerName(s, int(a.who), a.timer)
	case aAdvance:
		return fmt.Sprintf("advance %dms", a.delta)
	case aCrash:
		return "crash " + procName(int(a.who))
	case aPause:
		return "pause " + procName(int(a.who))
	case aResume:
		return "resume " + procName(int(a.who))
	case aDrop:
		return "drop " + m.msgRef(s, int(a.mi))
	case aDelay:
		return "delay " + m.msgRef(s, int(a.mi))
	case aRestart:
		return "restart-redis"
	case aInterrupt:
		return "interrupt " + m.threadName(int(a.who))
	case aExpire:
		return "expire-redis"
	}
	panic("explore: unknown action")
}

// msgRef names message i of s uniquely: its text, with "(k)" when an
// earlier message in flight has the same text.
func (m *machine) msgRef(s *state, i int) string {
	text := m.msgText(s.msgs[i])
	k := 1
	for j := 0; j < i; j++ {
		if m.msgText(s.msgs[j]) == text && s.msgs[j] != s.msgs[i] && (j == 0 || s.msgs[j] != s.msgs[j-1]) {
			k++
		}
	}
	if k > 1 {
		return fmt.Sprintf("%s(%d)", text, k)
	}
	return text
}
