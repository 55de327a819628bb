package scenario

import (
	"bufio"
	"fmt"
	"io"
	"os"
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
	execs   []traceLine       // exec lines since the last `trace`
	all     []traceLine       // every exec line of the world, for tests
	lastAcq map[string]string // owner → text of its last acquire reply

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
func (e *Env) Do(cmd string, in []datadriven.CmdArg) (out string, err error) {
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
	defer func() {
		if r := recover(); r != nil {
			out, err = "", fmt.Errorf("%s: internal error: %v", cmd, r)
		}
	}()
	text, err := h(e, a)
	if err != nil {
		return "", err
	}
	return e.flush(text), nil
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
	end := (e.w.Now()/msT + 1) * msT
	for i := 0; i < maxSettleSteps; i++ {
		at, ok := e.w.NextAt()
		if !ok || at >= end {
			return
		}
		e.w.Step()
	}
}

// maxSettleSteps bounds one settle (a client spinning on ttl 0 makes about
// one request per 2 µs).
const maxSettleSteps = 1 << 20

func (e *Env) at() string { return "t=" + e.w.Now().String() }

func (e *Env) event(format string, a ...any) {
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
// the asynchronous happenings a reader wants to see become events.
func (e *Env) onTrace(b []byte) {
	l := decodeLine(b)
	switch l.Kind {
	case "exec":
		e.execs = append(e.execs, l)
		e.all = append(e.all, l)
		if l.Script != "" && strings.Contains(l.Script, "tryLockInnerAsync") && len(l.Argv) > 1 {
			e.lastAcq[l.Argv[1]] = replyText(l.Reply, e.label)
		}
		if e.snapshot != nil {
			if m := e.w.Master(); m != nil {
				e.snapshot(l, m.Store.Clone())
			}
		}
	case "resend", "drop", "untimed-wait", "renew-error":
		e.execs = append(e.execs, l)
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

// --- files

// RunFile runs the scenario file at path, writing each command and its
// output to w in the datadriven format. A malformed command stops the run
// with a one-line error "path:line: what is wrong".
func RunFile(path string, w io.Writer) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	cmds, err := parseFile(path, data)
	if err != nil {
		return err
	}
	e := New()
	bw := bufio.NewWriter(w)
	for _, c := range cmds {
		out, err := e.Do(c.cmd, c.args)
		if err != nil {
			bw.Flush()
			return fmt.Errorf("%s:%d: %v", path, c.line, err)
		}
		fmt.Fprintf(bw, "%s\n%s", c.text, renderOutput(out))
	}
	return bw.Flush()
}

type fileCmd struct {
	line     int
	text     string
	cmd      string
	args     []datadriven.CmdArg
	expected string // the expected output in the file, if any
	// The lines [from, to) of the file (0-based) that hold the expected
	// output: from its `----` to the blank line that ends it; from = to
	// where the command has none (the block goes in at from).
	from, to int
}

// parseFile reads the commands of a datadriven file with their expected
// output (also the `----`/`----` form for output with blank lines),
// skipping comments. Input lines between a command and its `----` are
// ignored (no command takes input); a command with no `----` is followed
// directly by the next command.
func parseFile(path string, data []byte) ([]fileCmd, error) {
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	var out []fileCmd
	i := 0
	for i < len(lines) {
		text := strings.TrimSpace(lines[i])
		i++
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if text == "----" {
			return nil, fmt.Errorf("%s:%d: `----` with no command before it", path, i)
		}
		line := i
		for strings.HasSuffix(text, `\`) && i < len(lines) {
			text = strings.TrimSuffix(text, `\`) + " " + strings.TrimSpace(lines[i])
			i++
		}
		cmd, cargs, err := datadriven.ParseLine(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		out = append(out, fileCmd{line: line, text: text, cmd: cmd, args: cargs, from: i, to: i})
		// Input lines up to `----`, if any.
		j := i
		for j < len(lines) && strings.TrimSpace(lines[j]) != "" && strings.TrimSpace(lines[j]) != "----" {
			j++
		}
		if j >= len(lines) || strings.TrimSpace(lines[j]) != "----" {
			// No `----`: a plain list of commands (simrun scenario accepts
			// files without expected output), so the next line is a command.
			out[len(out)-1].from, out[len(out)-1].to = j, j
			continue
		}
		i = j + 1
		last := &out[len(out)-1]
		last.from = j
		if i < len(lines) && strings.TrimSpace(lines[i]) == "----" {
			// Output with blank lines ends at `----` `----`.
			i++
			start := i
			for i < len(lines) && !(strings.TrimSpace(lines[i]) == "----" && i+1 < len(lines) && strings.TrimSpace(lines[i+1]) == "----") {
				i++
			}
			last.expected = strings.Join(lines[start:min(i, len(lines))], "\n") + "\n"
			i += 2
			last.to = min(i, len(lines))
			if i < len(lines) && strings.TrimSpace(lines[i]) == "" {
				last.to = i + 1 // the blank line that ends the block
			}
			continue
		}
		start := i
		for i < len(lines) && strings.TrimSpace(lines[i]) != "" {
			i++
		}
		if i > start {
			last.expected = strings.Join(lines[start:i], "\n") + "\n"
		}
		last.to = min(i+1, len(lines)) // with the blank line that ends the block
	}
	return out, nil
}
