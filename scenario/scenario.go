package scenario

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/cockroachdb/datadriven"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/explore"
	"github.com/locksim/locksim/sim"
)

const msT = sim.Time(sim.Millisecond)

// Env is one scenario: the world of the last `world` command, its clients,
// and what happened since the last output.
type Env struct {
	algo     string
	version  string             // Redisson version; "" for the simple locks
	fair     bool               // fair lock
	kind     clients.SimpleKind // simple lock kind; "" for Redisson
	cf       *clients.Config
	lockName string
	replicas int

	w       *sim.World
	ex      *explore.Replay // set by `explore` instead of w
	now     sim.Time        // the scenario's clock, moved by advance
	clients []*client
	byName  map[string]*client
	byProc  map[string]*client

	labels  map[string]string // client UUID → label (A, A@1, ...)
	uuids   []string          // in the order they appeared, for replacing
	events  []string          // what happened since the last output
	execs   [][]byte          // the trace lines `trace` shows since the last one (as written: a decoded one is 5 times larger), at most maxTraceLines
	dropped int               // lines for `trace` beyond maxTraceLines since the last one, not kept
	all     []traceLine       // every exec line of the world, kept for tests (only with snapshot set)
	lastAcq map[string]string // owner → text of its last acquire reply

	stepsAt uint64 // the world's step count when the current command began
	overrun error  // set when the current command ran past one of the bounds
	broken  error  // set once a command stopped the scenario: every later one fails

	// snapshot, when set, is called after each exec line with a copy of
	// the master's store (tests compare it with real Redis replies).
	snapshot func(l traceLine, s *sim.Store)
}

// client is one client process of the scenario.
type client struct {
	env     *Env
	name    string
	proc    *sim.Proc
	host    *clients.Host
	threads []*thread
	uuid    string // the current incarnation's UUID
	cut     int    // >0 while partitioned
}

// thread is one thread of a client: it calls through its own lock object
// (new at every start), the call it is in, and what it believes it holds.
type thread struct {
	c     *client
	id    int64
	call  *call
	held  int // nesting count from its own successful lock and unlock calls
	since sim.Time
}

type call struct {
	desc  string
	start sim.Time
	inc   int
}

// traceLine is one decoded line of the world's trace.
type traceLine = sim.TraceLine

// New returns an empty scenario; its first command must be `world`.
func New() *Env { return &Env{} }

// handler runs one command; the returned text is its output.
type handler func(e *Env, a *args) (string, error)

var handlers map[string]handler

func init() {
	handlers = map[string]handler{
		"world":        handleWorld,
		"client":       handleClient,
		"lock":         handleLock,
		"trylock":      handleTryLock,
		"trylock-now":  handleTryLockNow,
		"unlock":       handleUnlock,
		"force-unlock": handleForceUnlock,
		"held":         handleHeld,
		"locked":       handleLocked,
		"remain-ttl":   handleRemainTTL,
		"hold-count":   handleHoldCount,
		"wake":         handleWake,
		"advance":      handleAdvance,
		"crash":        handleCrash,
		"restart":      handleRestart,
		"pause":        handlePause,
		"partition":    handlePartition,
		"clock-step":   handleClockStep,
		"failover":     handleFailover,
		"state":        handleState,
		"trace":        handleTrace,
	}
	// Interrupts, delete(), a refusing server (Redisson's own tests use them).
	handlers["lock-interruptibly"] = handleLockInterruptibly
	handlers["interrupt"] = handleInterrupt
	handlers["delete"] = handleDelete
	handlers["stop-redis"] = handleStopRedis
}

// Do runs one command and returns its output. A malformed command (unknown
// command or argument, bad value) returns an error and changes nothing.
// A command that cannot finish within the scenario's bounds (more than
// maxCommandEvents events, more than maxPendingEvents waiting, more than
// maxOutputLines lines of output), that meets a script the simulation had
// to stop, or that panics returns an error too, and so does every later
// command: the scenario cannot go on from there.
func (e *Env) Do(cmd string, in []datadriven.CmdArg) (out string, err error) {
	if e.broken != nil {
		return "", fmt.Errorf("%s: the scenario stopped before (%v)", cmd, e.broken)
	}
	defer func() {
		if r := recover(); r != nil {
			out, err = "", fmt.Errorf("%s: internal error: %v", cmd, r)
			e.broken = err
		}
	}()
	if cmd == "explore" || e.ex != nil {
		return e.doExplore(cmd, in)
	}
	h := handlers[cmd]
	if h == nil {
		return "", fmt.Errorf("unknown command %q", cmd)
	}
	a, err := parseArgs(cmd, in)
	if err != nil {
		return "", err
	}
	if cmd != "world" && e.w == nil {
		return "", fmt.Errorf("%s: no world yet (start with `world algo=...`)", cmd)
	}
	if e.w != nil {
		e.stepsAt, e.overrun = e.w.Steps(), nil
	}
	text, err := h(e, a)
	if err == nil {
		err = e.stopped(cmd, in)
	}
	if err != nil {
		return "", err
	}
	return e.flush(text), nil
}

// stopped is the error of a command that ran past the scenario's bounds
// or met a script the simulation had to stop (nil when it did neither).
func (e *Env) stopped(cmd string, in []datadriven.CmdArg) error {
	var err error
	switch {
	case e.overrun != nil:
		err = e.overrun
	case e.w != nil && e.w.Err() != nil:
		err = e.w.Err()
	default:
		return nil
	}
	what := cmd
	for _, x := range in {
		what += " " + x.String()
	}
	err = fmt.Errorf("%s: %v", what, err)
	e.broken = err
	return err
}

// flush prints the events that happened while the command ran, then the
// command's own text.
func (e *Env) flush(text string) string {
	var b strings.Builder
	for _, ev := range e.events {
		b.WriteString(ev)
		b.WriteByte('\n')
	}
	e.events = e.events[:0]
	b.WriteString(text)
	s := strings.TrimRight(b.String(), "\n")
	if s == "" {
		s = "ok"
	}
	return s + "\n"
}

// --- arguments

// args are a command's arguments: positional words (A, 1s) and key=value
// pairs, each of which must be used by the handler.
type args struct {
	cmd  string
	pos  []string
	kv   map[string]string
	used map[string]bool
}

func parseArgs(cmd string, in []datadriven.CmdArg) (*args, error) {
	a := &args{cmd: cmd, kv: map[string]string{}, used: map[string]bool{}}
	for _, x := range in {
		switch len(x.Vals) {
		case 0:
			a.pos = append(a.pos, x.Key)
		case 1:
			if _, dup := a.kv[x.Key]; dup {
				return nil, fmt.Errorf("%s: argument %s given twice", cmd, x.Key)
			}
			a.kv[x.Key] = x.Vals[0]
		default:
			return nil, fmt.Errorf("%s: argument %s takes one value", cmd, x.Key)
		}
	}
	return a, nil
}

func (a *args) str(key, def string) (string, bool) {
	v, ok := a.kv[key]
	a.used[key] = true
	if !ok {
		return def, false
	}
	return v, true
}

func (a *args) dur(key string) (sim.Duration, bool, error) {
	v, ok := a.str(key, "")
	if !ok {
		return 0, false, nil
	}
	d, err := sim.ParseDuration(v)
	if err == nil {
		err = checkDuration(d)
	}
	if err != nil {
		return 0, false, fmt.Errorf("%s: %s: %v", a.cmd, key, err)
	}
	return d, true, nil
}

// maxDuration bounds every duration a command takes: a scenario simulates
// every event up to it, so a day of virtual time (the bound of simrun
// run's phases) keeps each command's work bounded.
const maxDuration = 24 * sim.Hour

func checkDuration(d sim.Duration) error {
	if d > maxDuration || d < -maxDuration {
		return fmt.Errorf("%s is beyond %s", d, maxDuration)
	}
	return nil
}

func (a *args) int(key string, def int) (int, error) {
	v, ok := a.str(key, "")
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("%s: %s=%s is not an integer", a.cmd, key, v)
	}
	return n, nil
}

// finish checks that every argument was understood and that there are
// exactly npos positional ones.
func (a *args) finish(npos int, usage string) error {
	var unknown []string
	for k := range a.kv {
		if !a.used[k] {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	if len(unknown) > 0 {
		return fmt.Errorf("%s: unknown argument %s (usage: %s)", a.cmd, unknown[0], usage)
	}
	if len(a.pos) != npos {
		return fmt.Errorf("%s: want %d positional argument(s), got %d (usage: %s)", a.cmd, npos, len(a.pos), usage)
	}
	return nil
}

func posDur(a *args, i int) (sim.Duration, error) {
	d, err := sim.ParseDuration(a.pos[i])
	if err == nil {
		err = checkDuration(d)
	}
	if err != nil {
		return 0, fmt.Errorf("%s: %v", a.cmd, err)
	}
	return d, nil
}

// --- time

// settle runs every event of the current millisecond (every 1 µs hop of a
// zero-latency exchange, every timer that falls due in it), leaving the
// virtual time at the last event run, so the next command still acts in the
// same millisecond.
func (e *Env) settle() {
	e.runBefore((e.w.Now()/msT + 1) * msT)
}

// runBefore runs every event due before end, within the command's bound
// of events; it stops early when the command ran past it (e.overrun) or
// the world failed (a script the simulation had to stop).
func (e *Env) runBefore(end sim.Time) {
	for {
		at, ok := e.w.NextAt()
		if !ok || at >= end || !e.step() {
			return
		}
	}
}

// The bounds of one command (variables so that tests can lower them).
var (
	// maxCommandEvents bounds the events one command may run: a day of
	// watchdog renewals every millisecond would otherwise run for an
	// hour. A scenario that needs more advances less at a time.
	maxCommandEvents uint64 = 5_000_000

	// maxPendingEvents bounds the events waiting in the world's queue.
	// The world drops cancelled timers once they are half of it
	// (sim.World.compact), so a fair-lock waiter spinning on a ttl of 0
	// keeps at most a few hundred; the shipped scenarios never have more.
	// The bound stays for what the world cannot drop.
	maxPendingEvents = 100_000

	// maxOutputLines bounds the lines one command may print, and
	// maxTraceLines the lines kept for `trace`: output no one reads, in
	// memory.
	maxOutputLines = 100_000
	maxTraceLines  = 100_000
)

// step runs the world's next event, unless the command has run
// maxCommandEvents already (then it notes the overrun) or the world
// failed; it reports whether it ran one.
func (e *Env) step() bool {
	if e.overrun != nil || e.w.Err() != nil {
		return false
	}
	if e.w.Steps()-e.stepsAt >= maxCommandEvents {
		hint := ""
		if _, ok := e.w.NextAt(); ok {
			hint = "; advance less at a time"
		}
		e.overrun = fmt.Errorf("more than %d events in one command (stopped at t=%s)%s", maxCommandEvents, e.w.Now(), hint)
		return false
	}
	if e.w.Pending() > maxPendingEvents {
		e.overrun = fmt.Errorf("more than %d events waiting in the simulation's queue (stopped at t=%s): something schedules events without end", maxPendingEvents, e.w.Now())
		return false
	}
	return e.w.Step()
}

func (e *Env) at() string { return "t=" + e.w.Now().String() }

func (e *Env) event(format string, a ...any) {
	if len(e.events) >= maxOutputLines {
		if e.overrun == nil {
			e.overrun = fmt.Errorf("more than %d lines of output in one command (stopped at t=%s)", maxOutputLines, e.w.Now())
		}
		return
	}
	e.events = append(e.events, e.at()+" "+fmt.Sprintf(format, a...))
}

// --- names

// label replaces every client UUID in s with its client's label.
func (e *Env) label(s string) string {
	for _, u := range e.uuids {
		if strings.Contains(s, u) {
			s = strings.ReplaceAll(s, u, e.labels[u])
		}
	}
	return s
}

func (e *Env) labels1(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = e.label(s)
	}
	return out
}

// procLabel names a process by its client (A), or returns the name.
func (e *Env) procLabel(name string) string {
	if c := e.byProc[name]; c != nil {
		return c.name
	}
	return name
}

func (th *thread) label() string {
	if len(th.c.threads) == 1 {
		return th.c.name
	}
	return th.c.name + ":" + strconv.FormatInt(th.id, 10)
}

func (th *thread) owner() string { return th.c.uuid + ":" + strconv.FormatInt(th.id, 10) }

// started runs at every start of a client's process: a new UUID, new lock
// handles, and nothing held.
func (c *client) started(uuid string) {
	e := c.env
	c.uuid = uuid
	lbl := c.name
	if inc := c.proc.Incarnation(); inc > 0 {
		lbl = c.name + "@" + strconv.Itoa(inc)
	}
	if _, ok := e.labels[uuid]; !ok {
		e.labels[uuid] = lbl
		e.uuids = append(e.uuids, uuid)
	}
	for _, th := range c.threads {
		th.call, th.held = nil, 0
	}
}

// do makes th call the lock API through its own lock object; done hears
// the result.
func (th *thread) do(call clients.Call, done func(clients.Result)) {
	call.Handle = int(th.id - 1)
	if call.Unit == 0 {
		call.Unit = clients.Milliseconds
	}
	th.c.host.Call(th.id, call, done)
}

// --- trace

// onTrace decodes each trace line: exec lines are kept for `trace`, and
// the asynchronous happenings a reader wants to see become events. A line
// of no interest here is not decoded at all (decoding is half the work of a
// long `advance`).
func (e *Env) onTrace(b []byte) {
	kind := traceKind(b)
	if kind == "" {
		kind = decodeLine(b).Kind
	}
	switch kind {
	case "exec", "resend", "drop", "untimed-wait", "renew-error":
		e.keep(b)
	}
	switch kind {
	case "exec":
		if e.snapshot == nil && !bytes.Contains(b, []byte("tryLockInnerAsync")) {
			return // nothing else to do with it
		}
	case "resend", "drop", "untimed-wait", "renew-error", "resume", "heal", "fault", "restart", "promoted", "failover":
	default:
		return
	}
	l := decodeLine(b)
	switch l.Kind {
	case "exec":
		if e.snapshot != nil {
			e.all = append(e.all, l)
		}
		if l.Script != "" && strings.Contains(l.Script, "tryLockInnerAsync") && len(l.Argv) > 1 {
			e.lastAcq[l.Argv[1]] = replyText(l.Reply, e.label)
		}
		if e.snapshot != nil {
			if m := e.w.Master(); m != nil {
				e.snapshot(l, m.Store.Clone())
			}
		}
	case "resend", "drop", "untimed-wait", "renew-error":
		switch l.Kind {
		case "untimed-wait":
			e.event("%s: ttl %v < 0: waits for a message with no timeout", e.procLabel(l.Node), l.Fields["ttl"])
		case "renew-error":
			e.event("%s: watchdog renewal failed: %v", e.procLabel(l.Node), l.Fields["error"])
		}
	case "resume":
		e.event("%s resumes (%v queued event(s) delivered now)", e.procLabel(l.Node), l.Fields["queued"])
	case "heal":
		if l.Fields["fault"] == string(sim.FaultPartition) {
			if c := e.byProc[l.Node]; c != nil {
				c.cut--
			}
			e.event("%s reconnected (partition healed)", e.procLabel(l.Node))
		}
	case "fault":
		if l.Fields["fault"] == string(sim.FaultPartition) {
			if c := e.byProc[l.Node]; c != nil {
				c.cut++
			}
		}
	case "restart":
		if e.byProc[l.Node] == nil { // a Redis node, not a client process
			e.event("%s starts again, empty (no persistence)", l.Node)
		}
	case "promoted":
		e.event("%s promoted to master (applied offset %v)", l.Node, l.Fields["applied"])
	case "failover":
		e.event("failover: %v", l.Fields["result"])
	}
}

// keep keeps a copy of trace line b for `trace`, up to maxTraceLines
// since the last one; the lines beyond are only counted (`trace` then
// fails).
func (e *Env) keep(b []byte) {
	if len(e.execs) >= maxTraceLines {
		e.dropped++
		return
	}
	e.execs = append(e.execs, append([]byte(nil), b...))
}

// traceKind reads a trace line's kind from the prefix every line starts
// with (`{"t":…,"node":"…","kind":"KIND"`) without decoding it; "" when the
// line is not so.
func traceKind(b []byte) string {
	_, rest, ok := bytes.Cut(b, []byte(`,"kind":"`))
	if !ok {
		return ""
	}
	kind, _, ok := bytes.Cut(rest, []byte(`"`))
	if !ok || bytes.IndexByte(kind, '\\') >= 0 {
		return ""
	}
	return string(kind)
}

func decodeLine(b []byte) traceLine {
	l, _ := sim.DecodeTraceLine(b) // the world's own lines: always valid
	return l
}

// shortScript turns "3.16.8/RedissonFairLock.tryLockInnerAsync.EVAL_LONG"
// into "FairLock.tryLockInner.EVAL_LONG".
func shortScript(id string) string {
	if i := strings.Index(id, "/"); i >= 0 {
		id = id[i+1:]
	}
	id = strings.TrimPrefix(id, "Redisson")
	return strings.Replace(id, "Async", "", 1)
}

// replyText renders a reply compactly: 29000, nil, OK, [a b], (error) ...
func replyText(r sim.Reply, lbl func(string) string) string {
	switch r.Kind {
	case sim.KindNil:
		return "nil"
	case sim.KindInt:
		return strconv.FormatInt(r.Int, 10)
	case sim.KindBulk:
		if r.Str == "" || strings.ContainsAny(r.Str, " \t\n") {
			return strconv.Quote(lbl(r.Str))
		}
		return lbl(r.Str)
	case sim.KindStatus:
		return r.Str
	case sim.KindError:
		return "(error) " + lbl(r.Str)
	case sim.KindArray:
		parts := make([]string, len(r.Arr))
		for i, x := range r.Arr {
			parts[i] = replyText(x, lbl)
		}
		return "[" + strings.Join(parts, " ") + "]"
	}
	return "?"
}
