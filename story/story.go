package story

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// storyLead is how far before the first actor's call a story starts.
const storyLead = 2 * sim.Second

// maxStoryLines caps a story; the trace has the rest.
const maxStoryLines = 40

// Tell tells a violation from the run's trace: the calls and returns of
// the owners involved, every command or script run on the lock, and every
// fault, from shortly before the first live acquisition of one of them to
// the violation, one event per line, with owners renamed A, B, C (the
// violation's actors first, then others in order of appearance).
func Tell(v checks.Violation, h *model.History, trace [][]byte) []string {
	return NewTrace(trace).Tell(v, h)
}

// Trace is a run's trace lines as stories read them. A run's stories
// share most of their lines: each line's time is read once, and a line a
// story decodes stays decoded for the next one, up to maxKept lines (a
// step-by-step trace has millions; the later ones are decoded each time).
type Trace struct {
	raw [][]byte
	// at is each line's time, read from its prefix by the first story
	// (-1: the line has none to read); nil until then.
	at []sim.Time
	// dec are the lines decoded and kept, by index (nil: not kept;
	// notALine: not a trace line).
	dec  []*sim.TraceLine
	kept int
}

// maxKept bounds the decoded lines a Trace keeps.
var maxKept = 1 << 16

var notALine = &sim.TraceLine{}

// NewTrace returns the stories' reader of trace (the lines are not
// copied: they must not change while it is used). It reads nothing
// until a story is told.
func NewTrace(trace [][]byte) *Trace { return &Trace{raw: trace} }

// times reads every line's time, once.
func (t *Trace) times() {
	if t.at != nil {
		return
	}
	t.at, t.dec = make([]sim.Time, len(t.raw)), make([]*sim.TraceLine, len(t.raw))
	for i, raw := range t.raw {
		if at, ok := sim.TraceLineTime(raw); ok {
			t.at[i] = at
		} else {
			t.at[i] = -1
		}
	}
}

// line is line i decoded, false when it is not a trace line.
func (t *Trace) line(i int) (*sim.TraceLine, bool) {
	if l := t.dec[i]; l != nil {
		return l, l != notALine
	}
	l, err := sim.DecodeTraceLine(t.raw[i])
	if t.kept < maxKept {
		t.kept++
		t.dec[i] = notALine
		if err == nil {
			t.dec[i] = &l
		}
	}
	return &l, err == nil
}

// Tell is the package's Tell over this trace.
func (t *Trace) Tell(v checks.Violation, h *model.History) []string {
	t.times()
	actors := map[string]bool{}
	for _, a := range v.Actors {
		actors[a] = true
	}
	// Which process and thread each actor is, and where its story starts.
	type who struct {
		proc   string
		thread int64
	}
	whos := map[who]string{}
	// The story starts at the earliest acquisition still live at the
	// violation (a section, or else a call, of one of the actors).
	from := v.At
	live := func(start, end sim.Time) bool { return start <= v.At && (end < 0 || end >= v.At) }
	for _, s := range h.Sections {
		if actors[s.Owner] {
			whos[who{s.Proc, s.Thread}] = s.Owner
			if live(s.Start, s.End) && s.Called < from {
				from = s.Called
			}
		}
	}
	for _, op := range h.Ops {
		if actors[op.Owner] {
			whos[who{op.Proc, op.Thread}] = op.Owner
			if from == v.At && live(op.Start, op.End) && op.Start < from {
				from = op.Start
			}
		}
	}
	from -= sim.Time(storyLead)
	names := map[string]string{}
	name := func(owner string) string {
		if n, ok := names[owner]; ok {
			return n
		}
		n := string(rune('A' + len(names)))
		names[owner] = n
		return n
	}
	for _, a := range v.Actors { // the actors first, in the violation's order
		name(a)
	}
	var lines []string
	// The renamer of the names given so far, made again only when a name
	// is added: a story of thousands of owners (64 processes of 32
	// threads) renamed each line with each of them in turn for minutes.
	rename, renamed := ownerRenamer(names), len(names)
	for i := range t.raw {
		// Most lines lie outside the story's window: their time is read
		// from the prefix every trace line starts with, before decoding.
		if at := t.at[i]; at >= 0 && (at < from || at > v.At.Add(sim.Millisecond)) {
			continue
		}
		l, ok := t.line(i)
		if !ok {
			continue
		}
		at, ev := l.At, l.Fields
		if at < from || at > v.At.Add(sim.Millisecond) {
			continue
		}
		kind, node := l.Kind, l.Node
		var text string
		switch kind {
		case "call", "return":
			th, _ := strconv.ParseInt(fmt.Sprint(ev["thread"]), 10, 64)
			owner, ok := whos[who{node, th}]
			if !ok {
				continue
			}
			if kind == "call" {
				text = fmt.Sprintf("%s calls %s", name(owner), ev["call"])
				if l := fmt.Sprint(ev["lease"]); l != "-1" && l != "<nil>" {
					text += " lease=" + l + unitSuffix(ev)
				}
			} else {
				text = fmt.Sprintf("%s %s → %s", name(owner), ev["call"], ev["outcome"])
				if tok, ok := ev["token"]; ok {
					text += fmt.Sprintf(" token=%v", tok)
				}
				if e := fmt.Sprint(ev["error"]); e != "" && e != "<nil>" {
					text += " (" + e + ")"
				}
			}
		case "write":
			if tok, ok := ev["token"]; ok {
				th, _ := strconv.ParseInt(fmt.Sprint(ev["thread"]), 10, 64)
				if owner, ok := whos[who{node, th}]; ok {
					text = fmt.Sprintf("%s writes with token %v", name(owner), tok)
				}
			}
			if text == "" {
				continue
			}
		case "exec":
			// Every command on the lock in the window: a third client's
			// stale DEL is often the whole story.
			script := fmt.Sprint(ev["script"])
			if script == "<nil>" {
				if ev["reply"] == nil {
					continue // a poll that changed nothing (SET NX refused)
				}
				script = strings.Join(l.Cmd, " ")
			} else if i := strings.LastIndex(script, "/"); i >= 0 {
				script = script[i+1:]
			}
			owner := ""
			for _, a := range l.Argv {
				if strings.Count(a, "-") == 4 && strings.Contains(a, ":") {
					owner = a // a Redisson owner field (UUID:threadId)
				}
			}
			text = fmt.Sprintf("%s: %s from %s", node, script, ev["from"])
			if owner != "" {
				text += " for " + name(owner)
			}
			text += " → " + compactJSON(ev["reply"])
		case "elided":
			// A retry loop's runs the world fast-forwarded (sim/spin.go):
			// each wrote nothing and answered as the one before.
			script := fmt.Sprint(ev["script"])
			if i := strings.LastIndex(script, "/"); i >= 0 {
				script = script[i+1:]
			}
			owner := ""
			for _, a := range l.Argv {
				if strings.Count(a, "-") == 4 && strings.Contains(a, ":") {
					owner = a
				}
			}
			text = fmt.Sprintf("%s: %s from %s", node, script, ev["from"])
			if owner != "" {
				text += " for " + name(owner)
			}
			since := sim.ParseTraceTime(fmt.Sprint(ev["from_t"]))
			text += fmt.Sprintf(" → %s, %v times since t=%s (requests %v-%v, fast-forwarded)", compactJSON(ev["reply"]), ev["runs"], since, ev["req_from"], ev["req_to"])
		case "detached":
			th, _ := strconv.ParseInt(fmt.Sprint(ev["thread"]), 10, 64)
			owner, ok := whos[who{node, th}]
			if !ok {
				continue
			}
			text = fmt.Sprintf("%s's interrupted call: %v", name(owner), ev["what"])
		case "drop":
			text = fmt.Sprintf("%s drops request %v: %s", node, ev["req"], ev["why"])
			if to := fmt.Sprint(ev["to"]); to != "<nil>" {
				text = fmt.Sprintf("%s: reply to %s (request %v) lost: %s", node, to, ev["req"], ev["why"])
			}
		case "resend":
			// The line names the thread whose command goes again, not the
			// request: the re-send is a request of its own.
			what := "a command"
			th, _ := strconv.ParseInt(fmt.Sprint(ev["thread"]), 10, 64)
			if owner, ok := whos[who{node, th}]; ok {
				what = name(owner) + "'s command"
			}
			text = fmt.Sprintf("%s re-sends %s (attempt %v) after a reply timeout", node, what, ev["attempt"])
		case "timers-resume":
			text = fmt.Sprintf("%s's timer thread runs again: %v timers fire late", node, ev["late"])
		case "fault", "heal", "crash", "restart", "promoted", "resync", "pause", "resume", "renew-error", "untimed-wait":
			text = node + " " + kind
			if f := fmt.Sprint(ev["fault"]); f != "<nil>" {
				text += " " + f
			}
			if d := fmt.Sprint(ev["for_ms"]); d != "<nil>" && d != "0" {
				text += " for " + d + "ms"
			}
			if e := fmt.Sprint(ev["error"]); e != "<nil>" {
				text += ": " + e
			}
		default:
			continue
		}
		if len(names) != renamed {
			rename, renamed = ownerRenamer(names), len(names)
		}
		lines = append(lines, fmt.Sprintf("t=%-10s %s", at.String(), rename.Replace(text)))
	}
	if len(lines) > maxStoryLines {
		skipped := len(lines) - maxStoryLines
		lines = append([]string{fmt.Sprintf("(%d earlier events left out; the trace has them)", skipped)}, lines[skipped:]...)
	}
	var legend []string
	for owner, n := range names {
		legend = append(legend, n+" = "+owner)
	}
	sort.Strings(legend)
	return append(lines, "where "+strings.Join(legend, ", "))
}

func unitSuffix(ev map[string]any) string {
	if fmt.Sprint(ev["unit_ms"]) == "1000" {
		return "s"
	}
	return "ms"
}

func compactJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// ownerRenamer replaces every owner (UUID:threadId) in names with its
// letter, in one pass: at each place the longest owner that matches
// (comparisons go in argument order), so no owner is replaced inside
// another, as replacing the longer owners one after another does.
func ownerRenamer(names map[string]string) *strings.Replacer {
	owners := make([]string, 0, len(names))
	for o := range names {
		owners = append(owners, o)
	}
	sort.Slice(owners, func(i, j int) bool {
		if len(owners[i]) != len(owners[j]) {
			return len(owners[i]) > len(owners[j])
		}
		return owners[i] < owners[j]
	})
	pairs := make([]string, 0, 2*len(owners))
	for _, o := range owners {
		pairs = append(pairs, o, names[o])
	}
	return strings.NewReplacer(pairs...)
}
