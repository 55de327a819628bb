package checks

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/anishathalye/porcupine"

	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/sim"
)

// Linearizability is porcupine's verdict on one run's history, kept so
// that a caller can write the HTML visualization of a violation.
type Linearizability struct {
	Result porcupine.CheckResult
	model  porcupine.Model
	info   porcupine.LinearizationInfo
	drawn  bool // info holds porcupine's partial linearizations
}

// Visualize writes porcupine's HTML visualization of the check, with the
// run's faults as annotations.
func (l *Linearizability) Visualize(w io.Writer) error {
	return porcupine.Visualize(l.model, l.info, w)
}

// Drawable reports whether Visualize has a picture to draw: porcupine's
// partial linearizations, which a history too large to keep them for
// (maxDrawn) has not.
func (l *Linearizability) Drawable() bool { return l.drawn }

// LinearizableMemory bounds, in bytes, what porcupine's search of one
// history may keep. Each operation it places can leave an entry in its
// cache — which operations are placed, a bit for each of the history's,
// and the states the lock can be in — and it keeps every entry until it
// ends: a history of thousands of calls left open (64 processes of 32
// threads under every fault) made it keep gigabytes within seconds. A
// search that would keep more stops there, and the history is
// undecided, "history too large": a failure, as a history porcupine
// cannot decide within the timeout is, never a pass. The bound is
// counted, not read from the runtime, so where it falls is the same on
// every machine; the server's order (serverOrder) is held to it too. It
// counts every step that places an operation, also one porcupine finds
// in its cache and drops, so it counts more than the search keeps: the
// runs of the main job (seeds 1-20, every algorithm and preset) count
// at most 112 MB, and a search stopped at the bound peaks at about 1.8
// times it in all (the collector's slack at simrun's GOGC of 400).
const LinearizableMemory = 512 << 20

// searchMemory is LinearizableMemory, lowered by tests.
var searchMemory int64 = LinearizableMemory

// searchBudget counts what porcupine's search keeps, from the model's
// side: every step that places an operation (a step porcupine may cache)
// costs an entry (the bitset of placed operations, the entry and its
// share of the cache's map and stack) and the states it leads to. Once
// the budget is spent, every later step fails: porcupine unwinds its
// stack (each level tries the calls before the next return, no more) and
// ends, and the caller reads the result as undecided.
type searchBudget struct {
	left  atomic.Int64
	entry int64
	over  atomic.Bool
}

// Bytes per cache entry beside its bitset, and per state beside
// model.StateSize: the entry, the map's share and the search's stack
// frame; a state's interface and the slice of them.
const (
	entryOverhead = 192
	stateOverhead = 32
)

func newSearchBudget(ops int, bytes int64) *searchBudget {
	b := &searchBudget{entry: int64((ops+63)/64*8) + entryOverhead}
	b.left.Store(bytes)
	return b
}

// spend takes n bytes; it reports false once the budget is spent.
func (b *searchBudget) spend(n int64) bool {
	if b.left.Add(-n) < 0 {
		b.over.Store(true)
	}
	return !b.over.Load()
}

func statesSize(states []interface{}) int64 {
	var n int64
	for _, s := range states {
		n += stateOverhead + model.StateSize(s)
	}
	return n
}

// wrap makes m's steps spend from b.
func (b *searchBudget) wrap(m porcupine.Model) porcupine.Model {
	step := m.StepContext
	m.StepContext = func(ctx context.Context, state, input, output interface{}) (bool, interface{}) {
		if b.over.Load() {
			return false, nil
		}
		ok, next := step(ctx, state, input, output)
		if ok && !b.spend(b.entry+statesSize(next.([]interface{}))) {
			return false, nil
		}
		return ok, next
	}
	m.Step = func(state, input, output interface{}) (bool, interface{}) {
		return m.StepContext(context.Background(), state, input, output)
	}
	return m
}

// maxDrawn is the most operations whose partial linearizations porcupine
// is asked for: it keeps, for every operation, the longest sequence it
// placed that holds it, up to an operation per operation, so n² words in
// the worst case, and that must fit in a quarter of searchMemory (4,096
// operations at 512 MiB; the runs of the main job have at most 1,540). A larger history is checked without them, and a violation in
// it is told by the operation the server's order cannot place, without a
// picture.
func maxDrawn() int {
	n := 1
	for int64(n+1)*int64(n+1)*8 <= searchMemory/4 {
		n++
	}
	return n
}

// opMeta identifies a porcupine operation in the history.
type opMeta struct {
	owner string
	what  string
	ran   sim.Time // virtual time its script ran (-1: never)
}

// LockOperations turns a history into porcupine operations for the lock
// models: each call from its start to its return, in virtual µs. A call
// whose outcome the client never learned (open at a crash, or a timeout or
// connection error) stays open: its result is Unknown, so it may have
// taken effect or not, anywhere up to the last moment its request acted on
// a master (the observer knows when its script last ran; nothing it sent
// acts after that). One whose script never ran has no effect to place and
// ends where the client stopped waiting. A fair
// call that waited is two operations: its Enqueue, up to the script that
// queued it, then its Acquire. Watchdog renewals are operations of their
// own, on a client id of their own.
func LockOperations(h *model.History, fair bool) []porcupine.Operation {
	ids := map[string]int{}
	client := func(key string) int {
		if id, ok := ids[key]; ok {
			return id
		}
		ids[key] = len(ids)
		return ids[key]
	}
	var ops []porcupine.Operation
	add := func(key string, in model.LockInput, call, ret, lastExec sim.Time, result, what string) {
		ran := lastExec
		if in.At < 0 {
			ran = -1
		}
		r := int64(ret)
		if result == model.Unknown && in.At >= 0 {
			r = max(r, int64(lastExec)+1)
		}
		if r <= int64(call) {
			r = int64(call) + 1
		}
		ops = append(ops, porcupine.Operation{
			ClientId: client(key), Input: in, Call: int64(call), Output: model.LockOutput{Result: result}, Return: r,
			Metadata: opMeta{owner: in.Owner, what: what, ran: ran},
		})
	}
	for _, op := range h.Ops {
		in := model.LockInput{Kind: model.Acquire, Lock: op.Lock, Owner: op.Owner, At: op.ExecAt, Epoch: op.ExecEpoch, Lease: op.ScriptLease}
		switch op.Call {
		case model.CallUnlock:
			in.Kind, in.Lease = model.Release, cmp.Or(op.ExecLease, op.ScriptLease) // the run's own lease
		case model.CallForceUnlock:
			in.Kind = model.ForceRelease
		case model.CallIsLocked:
			in.Kind = model.IsLocked
		case model.CallIsHeld:
			in.Kind = model.IsHeld
		case model.CallHoldCount:
			in.Kind = model.HoldCount
		}
		what := fmt.Sprintf("%s %s %s", op.Proc, op.Owner, op.Call)
		start := op.Start
		if fair && in.Kind == model.Acquire && op.QueuePos > 0 {
			// Each time the caller joined the queue, one Enqueue; every
			// place but the last was lost to eviction, and the last may be
			// too, when the caller was seen evicted or stopped waiting.
			stillWaiting := op.End < 0 && h.End.LiveOwners[op.Owner]
			joins := append([]model.Requeue{{At: op.QueuedAt, ServerMs: op.QueuedServerMs, Epoch: op.QueuedEpoch}}, op.Requeued...)
			for k, j := range joins {
				last := k == len(joins)-1
				evictable := !last || op.Evicted || (op.Outcome != "acquired" && !stillWaiting)
				q := model.LockInput{Kind: model.Enqueue, Lock: op.Lock, Owner: op.Owner, At: j.ServerMs, Epoch: j.Epoch, Evictable: evictable, Requeue: k > 0 || !op.QueueKept}
				label := " (queued)"
				if k > 0 {
					label = " (queued again)"
				}
				add(op.Owner, q, start, j.At, j.At, model.Queued, what+label)
				start = j.At + 1
			}
		}
		result := callResult(op)
		if in.Kind == model.Acquire && result != model.Unknown && op.LastTry > start {
			// The reply that decided the call answered its last attempt:
			// the call took effect after that attempt was sent. (An open
			// call keeps its whole span: an earlier request of it may act.)
			start = op.LastTry
		}
		add(op.Owner, in, start, op.End, op.ExecVirtual, result, what)
		if fair && op.GaveUpAt >= 0 {
			leave := model.LockInput{Kind: model.Leave, Lock: op.Lock, Owner: op.Owner, At: op.GaveUpAt, Epoch: op.GaveUpEpoch}
			end := op.End
			if end < op.GaveUpVirtual {
				end = op.GaveUpVirtual
			}
			add("leave "+op.Owner, leave, op.GaveUpVirtual, end, op.GaveUpVirtual, model.Left, what+" (gives up its place)")
		}
	}
	for _, op := range h.Unlocks {
		// The client's own unlock: what it answered is never seen by a
		// caller, so it may have taken effect or not (Unknown) up to its
		// script's run.
		in := model.LockInput{Kind: model.Release, Lock: op.Lock, Owner: op.Owner, At: op.ExecAt, Epoch: op.ExecEpoch, Lease: cmp.Or(op.ExecLease, op.ScriptLease)}
		add("unlock "+op.Owner, in, op.Start, op.End, op.ExecVirtual, model.Unknown, fmt.Sprintf("%s %s unlock (the client's own)", op.Proc, op.Owner))
	}
	for _, op := range h.Renewals {
		in := model.LockInput{Kind: model.Renew, Lock: op.Lock, Owner: op.Owner, At: op.ExecAt, Epoch: op.ExecEpoch, Lease: op.ScriptLease}
		add("watchdog "+op.Owner, in, op.Start, op.End, op.ExecVirtual, callResult(op), fmt.Sprintf("%s watchdog renews %s", op.Proc, op.Owner))
	}
	return ops
}

// callResult is what the client learned from a call.
func callResult(op model.Op) string {
	switch op.Outcome {
	case "acquired":
		return model.Acquired
	case "not-acquired":
		return model.NotAcquired
	case "released":
		return model.Released
	case "not-released":
		return model.NotReleased
	case "true":
		return model.Yes
	case "false":
		return model.No
	case "renewed":
		return model.Renewed
	case "not-renewed":
		return model.NotRenewed
	case "error":
		if strings.HasPrefix(op.Err, "IllegalMonitorStateException") {
			return model.NotHeld // a reply, not a lost one
		}
	case "":
	default:
		if op.Call == model.CallHoldCount {
			return strconv.FormatInt(op.Value, 10)
		}
	}
	return model.Unknown // open, or an error that says nothing of the effect
}

// Linearizable checks with porcupine that the client-observed history is
// one of a lock with leases (model.Lock with opt). A violation is by design
// when a fault the algorithm does not claim to survive happened in the
// run: a master failover or restart (asynchronous replication, no
// persistence), a jump of the master's clock (leases run on it), or, for a
// fair lock, a client clock off (its queue timeouts come from the clients'
// clocks). Unknown — porcupine ran out of timeout — is reported as a
// bug-class violation, since an undecided history proves nothing, unless
// such a fault happened: then any violation it hides would be by design.
func Linearizable(h *model.History, opt model.LockOptions, faults []sim.FaultSpan, timeout time.Duration) ([]Violation, *Linearizability) {
	return linearizable(newView(h, faults), opt, timeout)
}

func linearizable(vw *view, opt model.LockOptions, timeout time.Duration) ([]Violation, *Linearizability) {
	h, faults := vw.h, vw.faults
	nm := model.Lock(opt)
	m := nm.ToModel()
	m.DescribeOperationMetadata = func(info interface{}) string {
		if info == nil {
			return ""
		}
		return info.(opMeta).what
	}
	ops := LockOperations(h, opt.Fair)
	// The order the server ran the scripts in is one candidate order: when
	// the model accepts it, the history is linearizable and porcupine need
	// not search.
	serverOK, serverStuck := serverOrder(nm, ops, searchMemory)
	if serverOK {
		return nil, &Linearizability{Result: porcupine.Ok, model: m}
	}
	// The search runs on the model held to the budget; the picture is
	// drawn with m itself (it steps through what the search placed).
	budget := newSearchBudget(len(ops), searchMemory)
	bm := budget.wrap(m)
	drawn := len(ops) <= maxDrawn()
	var res porcupine.CheckResult
	var info porcupine.LinearizationInfo
	if drawn {
		res, info = porcupine.CheckOperationsVerbose(bm, ops, timeout)
		info.AddAnnotations(faultAnnotations(faults))
	} else {
		res = porcupine.CheckOperationsTimeout(bm, ops, timeout)
	}
	tooLarge := budget.over.Load()
	if tooLarge {
		res = porcupine.Unknown // the search stopped: it decided nothing
	}
	l := &Linearizability{Result: res, model: m, info: info, drawn: drawn}
	if res == porcupine.Ok {
		return nil, l
	}
	v := Violation{Property: "linearizable", Class: Bug}
	var stuck *porcupine.Operation
	switch {
	case tooLarge:
		// Undecided is a failure, never a pass: as for time, so for
		// memory. The server's own order, which the model rejected (or
		// which itself outgrew the bound), says where to look.
		stuck = serverStuck
		v.Detail = fmt.Sprintf("undecided: history too large: porcupine's search of the history (%d operations) would keep more than %d MiB, and the order the server ran the scripts in is not one the lock allows", len(ops), searchMemory>>20)
	case res == porcupine.Unknown:
		// Undecided is a failure, never a pass. The server's own order,
		// which the model rejected, says where to look.
		stuck = serverStuck
		v.Detail = fmt.Sprintf("porcupine could not decide the history (%d operations) within %s, and the order the server ran the scripts in is not one the lock allows", len(ops), timeout)
	default:
		stuck = serverStuck
		if drawn {
			stuck = firstUnlinearizable(ops, info)
		}
		v.Detail = "no order of the calls explains what the clients saw"
	}
	if stuck != nil {
		meta := stuck.Metadata.(opMeta)
		v.At, v.Actors = sim.Time(stuck.Call), []string{meta.owner}
		v.Detail += fmt.Sprintf(": %s → %s cannot be placed", meta.what, resultText(stuck.Output.(model.LockOutput).Result))
	}
	ret := sim.Time(math.MaxInt64)
	if stuck != nil {
		ret = sim.Time(stuck.Return)
	}
	mech := vw.unlinearizable(opt.Fair, v.Actors, ret)
	if res == porcupine.Unknown && mech.Kind != MechNone {
		// Undecided proves nothing; the server's own order fails at a call
		// this mechanism explains, and the specific checks judge the rest.
		mech.Detail = "undecided; where the server's order fails: " + mech.Detail
	}
	v.explained(mech)
	return []Violation{v}, l
}

// unlinearizable explains a history porcupine cannot place a call of
// (actors: its owner) in, up to that call's return ret: a master change
// that lost a write the clients had seen acknowledged (the new master's
// lock differs from the old one's last state), a jump of the master's
// clock (leases run on it), or, for a fair lock, the clock of the stuck
// caller's process off (its queue timeouts come from client clocks). Else
// the cause is left to the catalogue (the same flaws the specific checks
// name, seen from the clients' side).
func (vw *view) unlinearizable(fair bool, actors []string, ret sim.Time) Mechanism {
	h := vw.h
	for i := 1; i < len(h.Store); i++ {
		cur, prev := &h.Store[i], &h.Store[i-1]
		if cur.At > ret {
			break
		}
		if cur.Epoch == prev.Epoch || !lostWrite(prev, cur) {
			continue
		}
		for _, f := range vw.faults {
			if changesMaster(f) && f.Start >= prev.At && f.Start <= cur.At {
				return faultMech(f, fmt.Sprintf("%s: the new master's lock (holders %v, queue %v) lacked writes the old one had acknowledged (holders %v, queue %v)", describeFault(f), cur.Holders, cur.Queue, prev.Holders, prev.Queue))
			}
		}
	}
	var procs []string
	for _, a := range actors {
		procs = append(procs, vw.procOfOwner(a))
	}
	for _, f := range vw.faults {
		if f.Start > ret {
			continue
		}
		switch {
		case f.Kind == sim.FaultServerStep:
			return faultMech(f, describeFault(f)+": the master's clock jumped, and leases run on it")
		case fair && (f.Kind == sim.FaultClockSkew || f.Kind == sim.FaultClockStep) && slices.Contains(procs, f.Target):
			return faultMech(f, describeFault(f)+": the caller's clock was off, and the fair queue's timeouts come from client clocks")
		}
	}
	return cause("unlinearizable", "no order of the calls explains what the clients saw", 0, ret)
}

// lostWrite reports whether a master change lost a write: the new master's
// lock (cur, sampled as it became master or at its first command) lacks
// a holder or waiter the old one had at its last command (prev), or an
// earlier deadline.
func lostWrite(prev, cur *model.StoreSample) bool {
	if !sameSet(prev.Holders, cur.Holders) || !slices.Equal(prev.Queue, cur.Queue) {
		return true
	}
	return prev.TTL >= 0 && (cur.TTL < 0 || cur.ServerMs+cur.TTL < prev.ServerMs+prev.TTL-1)
}

// sameSet reports whether a and b hold the same members.
func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// serverOrder replays the operations whose scripts ran in the order they
// ran (virtual time; a failover's lost writes make it fail) through the
// model, keeping every state an Unknown result allows. It returns whether
// the model accepts that order, and else the first operation it rejects.
// The states an order allows can double at each Unknown result (a fair
// queue with or without each caller that never heard back); when they
// would take more than memory bytes, or more than maxServerStates of
// them, the replay gives up: the order proves nothing either way, and it
// names no operation.
func serverOrder(nm porcupine.NondeterministicModel, ops []porcupine.Operation, memory int64) (bool, *porcupine.Operation) {
	var order []*porcupine.Operation
	for i := range ops {
		if ops[i].Metadata.(opMeta).ran >= 0 {
			order = append(order, &ops[i])
		}
	}
	sort.SliceStable(order, func(i, j int) bool {
		return order[i].Metadata.(opMeta).ran < order[j].Metadata.(opMeta).ran
	})
	states := nm.Init()
	seen := map[interface{}]bool{} // the lock models' states are comparable (== is their Equal)
	for _, op := range order {
		var next []interface{}
		clear(seen)
		for _, s := range states {
			for _, n := range nm.Step(s, op.Input, op.Output) {
				if !seen[n] {
					seen[n] = true
					next = append(next, n)
				}
			}
		}
		if len(next) == 0 {
			return false, op
		}
		if len(next) > maxServerStates || statesSize(next) > memory {
			return false, nil
		}
		states = next
	}
	return true, nil
}

// maxServerStates bounds the states serverOrder keeps at once: each
// operation steps every one of them, so the replay's time grows with
// their number too. The runs of the standard presets keep a handful.
const maxServerStates = 1 << 12

func resultText(r string) string {
	if r == model.Unknown {
		return "?"
	}
	return r
}

// firstUnlinearizable finds, beyond the longest partial linearization,
// the operation that returned first: the point where no explanation
// reaches.
func firstUnlinearizable(ops []porcupine.Operation, info porcupine.LinearizationInfo) *porcupine.Operation {
	parts := info.PartialLinearizationsOperations()
	placed := map[opKey]bool{}
	best := 0
	for _, part := range parts {
		for _, lin := range part {
			if len(lin) < best {
				continue
			}
			if len(lin) > best {
				best = len(lin)
				clear(placed)
			}
			for _, op := range lin {
				placed[keyOf(op)] = true
			}
		}
	}
	var stuck *porcupine.Operation
	for i := range ops {
		op := &ops[i]
		if placed[keyOf(*op)] {
			continue
		}
		if stuck == nil || op.Return < stuck.Return {
			stuck = op
		}
	}
	return stuck
}

type opKey struct {
	client    int
	call, ret int64
	kind      model.LockOpKind
}

func keyOf(op porcupine.Operation) opKey {
	return opKey{op.ClientId, op.Call, op.Return, op.Input.(model.LockInput).Kind}
}

// faultAnnotations shows each fault as a band on the visualization's
// timeline, on a "faults" row.
func faultAnnotations(faults []sim.FaultSpan) []porcupine.Annotation {
	var out []porcupine.Annotation
	for _, f := range faults {
		end := f.End
		if end < f.Start {
			end = f.Start
		}
		out = append(out, porcupine.Annotation{
			Tag: "faults", Start: int64(f.Start), End: int64(end),
			Description: fmt.Sprintf("%s %s", f.Kind, f.Target), Details: f.Fault.String(),
			BackgroundColor: "#f6c6c6",
		})
	}
	return out
}
