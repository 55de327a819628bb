package difftest

import (
	"strconv"
	"strings"

	"github.com/locksim/locksim/internal/conformance"
	"github.com/locksim/locksim/sim"
)

// Deviation is a known, named way in which miniredis answers differently
// from Redis 7.0 (and from the simulated store, which matches Redis).
type Deviation struct {
	Name    string
	Explain string // one line, for users choosing between miniredis and the simulated store
	// Reply reports whether a reply difference is this deviation: want is
	// Redis's reply (the simulated store's), got miniredis's. Nil for
	// deviations recognised otherwise (expiry-boundary replays the step).
	Reply func(want, got sim.Reply) bool
	// Step, when set, recognises the deviation from the step and
	// miniredis's reply alone: a command miniredis lacks fails the step
	// (and a script stops half-way), which explains any reply and
	// keyspace difference of that step.
	Step func(st *conformance.Step, got sim.Reply) bool
}

// DevExpiryBoundary is the name of the deviation that changes keyspaces.
const DevExpiryBoundary = "expiry-boundary"

// MiniredisDeviations are the differences between miniredis (v2.40.0, with
// SetTime and ClockTTL) and Redis 7.0 that the differential test knows.
// TestDifferentialMiniredis fails on any difference they do not explain.
var MiniredisDeviations = []Deviation{
	{
		Name:    DevExpiryBoundary,
		Explain: "miniredis deletes a key at its exact expiry millisecond (TTL <= 0); Redis keeps it until now > expiry, with PTTL 0 and EXISTS 1, so a lock at its last millisecond is free in miniredis but still held (reentrant, renewable, unlockable) in Redis",
	},
	{
		Name:    "script-error-code",
		Explain: `an error reply of redis.call inside a script (e.g. WRONGTYPE) loses its code: miniredis answers "ERR Error compiling script (new function): :1: WRONGTYPE ... stack traceback: ..."; Redis 7.0 answers "WRONGTYPE ... script: <sha1>, on @user_script:1."`,
		Reply:   matchScriptErrorCode,
	},
	{
		Name:    "script-error-text",
		Explain: `a Lua runtime error (e.g. Redisson's "attempt to compare nil with number" once a waiter's score is gone) reads "ERR Error compiling script (new function): :1: <message> stack traceback: ..." in miniredis; Redis 7.0 reads "ERR user_script:1: <message> script: <sha1>, on @user_script:1."`,
		Reply:   matchScriptErrorText,
	},
	{
		Name:    "score-format",
		Explain: `miniredis prints a score whose decimal exponent is >= its significant digits + 7 in exponent form ("1.7e+12" for 1700000000000: only multiples of 1e8 ms among Unix-ms scores); Redis 7.0 prints "%.17g" ("1700000000000")`,
		Reply:   matchScoreFormat,
	},
	{
		Name:    "no-spublish",
		Explain: `miniredis has no SPUBLISH (Redis 7.0's sharded publish, which Redisson 4.x's unlock scripts call where the cluster shards pub/sub): the command is unknown, and a script calling it stops there with "Unknown Redis command called from script", leaving its later writes undone`,
		Step:    matchNoSPublish,
	},
	{
		Name:    "hgetall-order",
		Explain: "miniredis returns HGETALL fields sorted by name; Redis returns a small hash's fields in insertion order (a Redisson lock hash has one field, so only other hashes show it)",
		Reply:   matchHGetAllOrder,
	},
}

// Classify names the deviations that together explain an observation:
// expiry-boundary when replaying the step with the keys at PTTL 0 deleted
// first gives miniredis's keyspace (and its reply, or a reply that differs
// from miniredis's only by a reply deviation), then at most one reply
// deviation. It returns nil when the observation is unexplained.
func Classify(o *Observation) []string {
	for i := range MiniredisDeviations {
		if d := &MiniredisDeviations[i]; d.Step != nil && d.Step(o.Step, o.Mini) {
			return []string{d.Name}
		}
	}
	var names []string
	want := o.Sim
	if r, state, ok := boundaryReplay(o); ok && state.Equal(o.MiniAfter) && (!r.Equal(o.Sim) || o.StateDiffers()) {
		names = append(names, DevExpiryBoundary)
		want = r
	} else if o.StateDiffers() {
		return nil
	}
	if want.Equal(o.Mini) {
		return names
	}
	for i := range MiniredisDeviations {
		d := &MiniredisDeviations[i]
		if d.Reply != nil && d.Reply(want, o.Mini) {
			return append(names, d.Name)
		}
	}
	return nil
}

// boundaryReplay replays the step on a copy of the simulated store taken
// before it, with every key at exactly its expiry millisecond (PTTL 0)
// deleted first, as miniredis deletes them. ok is false when no key was at
// PTTL 0.
func boundaryReplay(o *Observation) (r sim.Reply, st State, ok bool) {
	if o.pre == nil {
		return r, nil, false
	}
	c := o.pre.Clone()
	c.SetTime(o.Step.T)
	for _, k := range c.SortedKeys() {
		if p := c.Do("PTTL", k); p.Kind == sim.KindInt && p.Int == 0 {
			c.Do("DEL", k)
			ok = true
		}
	}
	if !ok {
		return r, nil, false
	}
	r, err := conformance.Run(c, Resolve, o.Step)
	if err != nil {
		return r, nil, false
	}
	return r, simState(c), true
}

// matchNoSPublish: the step sends SPUBLISH, as a command or as the publish
// command a 4.7.0 script takes in its ARGV, and miniredis answered that
// it does not know the command.
func matchNoSPublish(st *conformance.Step, got sim.Reply) bool {
	uses := len(st.Cmd) > 0 && strings.EqualFold(st.Cmd[0], "spublish")
	for _, a := range st.Argv {
		uses = uses || a == "spublish"
	}
	return uses && got.IsError() && (strings.Contains(got.Str, "Unknown Redis command called from script") || strings.HasPrefix(got.Str, "ERR unknown command"))
}

// matchScoreFormat: the replies differ only in bulk strings that are the
// same number written differently.
func matchScoreFormat(want, got sim.Reply) bool { return sameUpToNumberFormat(want, got) }

// matchHGetAllOrder: the same field/value pairs in another order.
func matchHGetAllOrder(want, got sim.Reply) bool {
	return want.Kind == sim.KindArray && got.Kind == sim.KindArray && sortPairs(want).Equal(sortPairs(got))
}

func sameUpToNumberFormat(a, b sim.Reply) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case sim.KindArray:
		if len(a.Arr) != len(b.Arr) {
			return false
		}
		for i := range a.Arr {
			if !sameUpToNumberFormat(a.Arr[i], b.Arr[i]) {
				return false
			}
		}
		return true
	case sim.KindBulk:
		if a.Str == b.Str {
			return true
		}
		x, err1 := strconv.ParseFloat(strings.TrimSpace(a.Str), 64)
		y, err2 := strconv.ParseFloat(strings.TrimSpace(b.Str), 64)
		return err1 == nil && err2 == nil && x == y
	}
	return a.Equal(b)
}

// scriptErrorPrefix starts every error that escapes a script in miniredis.
const scriptErrorPrefix = "ERR Error compiling script (new function): "

// errorMessage strips Redis 7.0's " script: <sha1>, on @user_script:N."
// suffix and, for Lua runtime errors, the "ERR user_script:N: " prefix.
func errorMessage(s string) (msg string, runtime bool) {
	if i := strings.LastIndex(s, " script: "); i >= 0 {
		s = s[:i]
	}
	if strings.HasPrefix(s, "ERR user_script:") {
		if _, rest, ok := strings.Cut(s[len("ERR user_script:"):], ": "); ok {
			return rest, true
		}
	}
	return s, false
}

func scriptErrors(want, got sim.Reply) (runtime, ok bool) {
	if !want.IsError() || !got.IsError() || !strings.HasPrefix(got.Str, scriptErrorPrefix) {
		return false, false
	}
	msg, runtime := errorMessage(want.Str)
	return runtime, strings.Contains(got.Str, msg)
}

func matchScriptErrorCode(want, got sim.Reply) bool {
	runtime, ok := scriptErrors(want, got)
	return ok && !runtime
}

func matchScriptErrorText(want, got sim.Reply) bool {
	runtime, ok := scriptErrors(want, got)
	return ok && runtime
}
