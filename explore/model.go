package explore

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

const (
	lockName = "myLock"
	// MaxDelay is how long a delayed request may stay in flight, measured
	// from when its arguments were made: two watchdog leases, long enough to
	// arrive after the command timed out, after every re-send, and after the
	// lease it asked for ran out.
	MaxDelay = 60000
	// base is the clock reading of every state: the search keeps time
	// relative (see sim.Store.Rebase), so "now" is always this instant.
	base = sim.Epoch
	// MaxProcs bounds the client processes (one per thread at most).
	MaxProcs = MaxThreads
)

// model is the transition system of one Config. The clients are package
// clients' own values — the same code the random simulation runs — kept
// interned, with every step of a client and every script run memoized, so
// that a step the search has seen before costs a map lookup.
//
// A model is one worker's view: the configuration, the shared tables
// (tables.go), and what is its own — a Lua engine, scratch buffers and its
// copies of the memo entries it used. Workers made by fork search one
// level of the state space side by side.
type model struct {
	cfg      Config
	cf       *clients.Config
	procs    int
	per      int
	n        int // threads
	prog     []step
	channels []string // every channel a waiter can listen on
	names    []string // each thread's name
	owners   []string // each thread's owner field in the lock hash
	sh       *shared
	// spins: time may pass while a waiter spins (spin.go).
	spins bool
	// repl: the master has a replica; lag bounds its entries' delivery.
	repl bool
	lag  int64

	eng    *sim.Engine
	keyBuf []byte
	msgBuf []byte
	msgL1  map[msg]uint32
	// found collects what the step being applied broke (judge.go).
	found []checks.Violation
	// judging is the state the step judge reads (view)
	judging stateView
	// this worker's copies of the shared memos' entries
	execL1   map[execKey]execResult
	stepL1   map[stepKey]*stepResult
	shiftL1  map[shiftKey]uint32
	rebaseL1 map[shiftKey]uint32

	// perms is the symmetry group (symmetry.go), the identity first; one
	// element when the search does not reduce.
	perms                                      []perm
	renameStoreL1, renameClientL1, renameMsgL1 renameTab
	// scratch of canonKey
	symState        state
	symBuf          []byte
	symIDs, symMsgs []uint32

	// logExec and logReturn, when set, hear every script run and every
	// call's return, in order (ReplayBoth compares them with the world's).
	logExec   func(proc int, cmd clients.Cmd, reply sim.Reply)
	logReturn func(th int, call clients.Call, r clients.Result)
	// logNote, when set, hears every note a client makes (a flaw's code
	// path taken: known.go).
	logNote func(proc int, e clients.Effect)
}

// shared is what every worker of a search shares: the interned values and
// the memos.
type shared struct {
	stores  *interned[storeEntry]
	replies *interned[sim.Reply]
	clients *interned[clientEntry]

	execMemo   *memo[execKey, execResult]
	stepMemo   *memo[stepKey, *stepResult]
	shiftMemo  *memo[shiftKey, uint32]
	rebaseMemo *memo[shiftKey, uint32]
	// renamed stores and clients: (id, index of the renaming) → id
	renameStoreMemo, renameClientMemo *memo[shiftKey, uint32]
	// expireMemo: a store id → the store after a background expiry cycle
	expireMemo *memo[uint32, uint32]
	// msgs are the messages in flight states hold.
	msgs *interned[msg]
}

// storeEntry is an interned keyspace with what the search needs of it at
// once: the relative times where it changes on its own or a comparison
// flips, and what it breaks of the store's invariants.
type storeEntry struct {
	s      *sim.Store
	points []int64
	finds  []checks.Violation
	// expiredBy: with a replica, how long from now (ms) the background
	// expiry has left to delete the expired keys the store still holds
	// (the first expiry + ExpireCyclePeriod), MaxInt64 when there are none.
	expiredBy int64
}

// clientEntry is an interned client with the channels it is subscribed to.
type clientEntry struct {
	c    *clients.Client
	subs uint16
}

func (m *model) store(id uint32) *sim.Store                 { return m.sh.stores.vals.get(id).s }
func (m *model) pointsOf(id uint32) []int64                 { return m.sh.stores.vals.get(id).points }
func (m *model) reply(id uint32) sim.Reply                  { return m.sh.replies.vals.get(id) }
func (m *model) client(id uint32) *clients.Client           { return m.sh.clients.vals.get(id).c }
func (m *model) subMask(id uint32) uint16                   { return m.sh.clients.vals.get(id).subs }
func (m *model) storeFindings(id uint32) []checks.Violation { return m.sh.stores.vals.get(id).finds }
func (m *model) expiredBy(id uint32) int64                  { return m.sh.stores.vals.get(id).expiredBy }

// fork returns another worker on the same search.
func (m *model) fork() *model {
	w := *m
	w.eng = sim.NewEngine()
	w.eng.SetInstructionBudget(scriptBudget)
	w.keyBuf, w.found, w.msgBuf, w.msgL1 = nil, nil, nil, map[msg]uint32{}
	w.execL1, w.stepL1, w.shiftL1, w.rebaseL1 = map[execKey]execResult{}, map[stepKey]*stepResult{}, map[shiftKey]uint32{}, map[shiftKey]uint32{}
	w.logExec, w.logReturn, w.logNote = nil, nil, nil
	g := len(m.perms)
	w.renameStoreL1, w.renameClientL1, w.renameMsgL1 = renameTab{perms: g}, renameTab{perms: g}, renameTab{perms: g}
	w.symState, w.symBuf, w.symIDs, w.symMsgs = state{}, nil, nil, nil
	return &w
}

// scriptBudget stops a command that loops forever: the budget turns it
// into an error reply, which the search reports. It is the random runs'
// budget (and conform's), so a script stops at the same instruction
// whichever command ran it, and every message names the same number.
const scriptBudget = sim.DefaultInstructionBudget

// execKey is a script run in the memo's terms, packed small (it is hashed
// on every delivery): the command's arguments fit 32 bits, since leases
// and waits are bounded (Config.Validate) and times are relative.
type execKey struct {
	store                   uint32
	at, lease, wait         int32 // at: from base
	op, proc, thread, rsync uint8
	subs                    uint64 // every process's subscriptions: what PUBLISH reaches
	// 4.7.0's unlock: the request id's count (its other half is a hash of
	// the process's UUID here, so proc stands for it) and the latch lifetime.
	reqN  uint16
	latch int32
}

func newExecKey(store uint32, q msg, subs uint64) execKey {
	c := q.cmd
	k := execKey{store: store, at: int32(c.At - base), lease: int32(c.Lease), wait: int32(c.Wait),
		op: uint8(c.Op), proc: q.proc, thread: uint8(c.Thread), rsync: uint8(c.Sync), subs: subs, reqN: uint16(c.ReqN), latch: int32(c.Latch)}
	if int64(k.at) != c.At-base || int64(k.lease) != c.Lease || int64(k.wait) != c.Wait || int64(k.thread) != c.Thread || int(k.rsync) != c.Sync ||
		uint32(k.reqN) != c.ReqN || int64(k.latch) != c.Latch {
		panic(fmt.Sprintf("explore: command %+v does not fit the memo key", c))
	}
	return k
}

type execResult struct {
	store uint32
	reply uint32 // a batch's: its replies before the WAIT
	// wrote: the run's writes make an entry of the replication stream;
	// waitMs: the request is a batch ending in WAIT numreplicas waitMs.
	wrote  bool
	wait   bool
	waitMs int32
	pubs   uint64 // (process, channel) pairs an unlock message went to
	line   string
	fifo   string // how the script broke the fair queue's order, if it did
	limit  string // which of the simulation's limits stopped the script, if one did
}

type shiftKey struct {
	id uint32
	d  int64
}

// evKey is a client event in the memo's terms.
type evKey struct {
	kind   clients.EventKind
	thread int64
	step   uint8
	ref    clients.Ref
	reply  uint32
	timer  clients.TimerKey
	ch     uint8
}

type stepKey struct {
	client uint32
	ev     evKey
}

// stepResult is what a client step did: the client after it (canonical),
// the effects, and the command numbers it had for its active owners.
type stepResult struct {
	client  uint32
	effects []clients.Effect
	live    []liveSeq
}

type liveSeq struct {
	owner      clients.OwnerKind
	slot       int32
	seq, canon uint32
}

func newModel(cfg Config) (*model, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cf, err := clients.NewConfig(cfg.Algo, lockName)
	if err != nil {
		return nil, err
	}
	if cf.Simple == "" {
		if cfg.Scripts != "" {
			if cf.Opts.Scripts, err = clients.LoadScripts(cf.Opts.Version, cfg.Scripts); err != nil {
				return nil, err
			}
		}
		if cfg.Mutant != "" {
			if err := clients.ApplyMutant(&cf.Opts, cfg.Mutant, cfg.Algo); err != nil {
				return nil, err
			}
			if err := mutantReached(cf.Opts.Mutations, cfg.program()); err != nil {
				return nil, fmt.Errorf("--mutant %s: %v", cfg.Mutant, err)
			}
		}
	}
	sh := &shared{stores: newInterned[storeEntry](), replies: newInterned[sim.Reply](), clients: newInterned[clientEntry](), msgs: newInterned[msg](),
		execMemo: newMemo[execKey, execResult](func(k execKey) uint32 {
			return mix(mix(mix(k.store, uint64(k.op)<<8|uint64(k.proc)), uint64(k.at)), k.subs^uint64(k.thread))
		}),
		stepMemo:         newMemo[stepKey, *stepResult](func(k stepKey) uint32 { return mix(k.client, uint64(k.ev.kind)<<32|uint64(k.ev.reply)) }),
		shiftMemo:        newMemo[shiftKey, uint32](func(k shiftKey) uint32 { return mix(k.id, uint64(k.d)) }),
		rebaseMemo:       newMemo[shiftKey, uint32](func(k shiftKey) uint32 { return mix(k.id, uint64(k.d)) }),
		renameStoreMemo:  newMemo[shiftKey, uint32](func(k shiftKey) uint32 { return mix(k.id, uint64(k.d)) }),
		renameClientMemo: newMemo[shiftKey, uint32](func(k shiftKey) uint32 { return mix(k.id, uint64(k.d)) }),
		expireMemo:       newMemo[uint32, uint32](func(k uint32) uint32 { return mix(k, 0) }),
	}
	// 4.7.0 re-sends its lock batches with a replica, as the world's clients do (run/program.go).
	cf.Opts.Replicated = cf.Opts.NoRetryLocks && cfg.Replicas > 0
	m := &model{cfg: cfg, cf: cf, n: cfg.Threads, per: cfg.perProc(), prog: cfg.program(), sh: sh, repl: cfg.Replicas > 0, lag: cfg.replLag()}
	// time may pass while a 4.7.0 fair waiter spins (spin.go), on the real scripts
	m.spins = cf.Opts.Fair && !cf.Opts.Fenced && cf.Opts.Version == "4.7.0" && cfg.Scripts == "" && cfg.Mutant == ""
	m.procs = m.n / m.per
	for th := 0; th < m.n; th++ {
		p, tid := m.where(th)
		if m.per == 1 {
			m.names = append(m.names, procName(p))
		} else {
			m.names = append(m.names, procName(p)+strconv.FormatInt(tid, 10))
		}
		m.owners = append(m.owners, cf.OwnerName(procName(p), tid))
	}
	m.channels = append(m.channels, clients.ChannelName(lockName))
	if cf.Opts.Fair {
		for th := 0; th < m.n; th++ {
			p, tid := m.where(th)
			m.channels = append(m.channels, clients.WaiterChannel(lockName, cf.OwnerName(procName(p), tid), true))
		}
	}
	m.makePerms()
	return m.fork(), nil
}

// mutantReached fails when no call of the program reaches what mutation mu
// changes, so that a search can never tell it from the real client.
func mutantReached(mu clients.Mutations, prog []step) error {
	waits, leases := false, false
	for _, s := range prog {
		waits = waits || s.call.Kind == clients.CallTryLockWait
		leases = leases || s.call.Lease != -1
	}
	switch {
	case (mu.NoAcquireFailed || mu.TimeoutAcquires) && !waits:
		return fmt.Errorf("it changes tryLock(wait), which no op calls (try --ops trylock-wait)")
	case mu.LeaseUnitIgnored && !leases:
		return fmt.Errorf("it changes explicit leases, which no op takes (try --ops lock-lease)")
	}
	return nil
}

// procName is process p's name, which stands for its client's UUID: A, B, C, D.
func procName(p int) string { return string(rune('A' + p)) }

// where is thread th's process and Java thread id (1, 2, … in its process).
func (m *model) where(th int) (proc int, tid int64) { return th / m.per, int64(th%m.per + 1) }

// threadName is thread th's label: its process's name, with its thread
// id when processes have several threads.
func (m *model) threadName(th int) string { return m.names[th] }

func (m *model) threadOf(proc int, tid int64) int { return proc*m.per + int(tid) - 1 }

// --- state

type msgKind uint8

const (
	mRequest msgKind = iota // a command on its way to Redis
	mReply                  // Redis's reply on its way back
	mPublish                // an unlock message on its way to a subscriber
	// With a replica (Config.Replicas):
	mRepl // a write entry on its way to the replica, applied by due
	mAck  // the replica's acknowledgement, off entries past the master's acked offset
	mWait // a WAIT blocked at the master for off entries past the acked offset, timing out at due
)

// msg is one message in flight.
type msg struct {
	kind    msgKind
	proc    uint8
	delayed bool
	// orphan: a renewal sent while its thread held nothing and made no
	// call, and it has made none since (checks.Orphan's "sent while free").
	orphan bool
	ch     uint8       // mPublish: the channel
	ref    clients.Ref // mRequest, mReply: whose command
	cmd    clients.Cmd // mRequest, mReply: the command
	reply  uint32      // mReply; mWait: the batch's replies before the WAIT
	// mRepl, mWait: the deadline, ms from now; mAck, mWait: an offset
	// relative to the master's acked one (see ack).
	due int32
	off uint8
}

// detached reports whether q is a command an interrupt left without its
// call (a 3.8.1 or 4.7.0 acquire or unlock, still addressed to the
// thread's slot with a detached number), its reply, or what it sends.
func (q *msg) detached() bool { return detachedRef(q.ref) }

// detachedRef reports whether ref is a command of a detached call: one
// that goes on without the thread that made it (clients/detached.go).
func detachedRef(ref clients.Ref) bool {
	return ref.Owner == clients.OwnDetached || ref.Seq >= clients.DetachedSeq(0)
}

// cmpMsg orders messages by their content alone (a reply by its text, not
// its interned id, which depends on which worker interned it first), so
// that the order of a state's steps, and so the search's result, is the
// same whatever the number of workers.
func (m *model) cmpMsg(a, b msg) int {
	switch {
	case a.kind != b.kind:
		return int(a.kind) - int(b.kind)
	case a.due != b.due:
		return cmp.Compare(a.due, b.due) // a WAIT with no timeout has MaxInt32
	case a.off != b.off:
		return int(a.off) - int(b.off)
	case a.proc != b.proc:
		return int(a.proc) - int(b.proc)
	case a.ch != b.ch:
		return int(a.ch) - int(b.ch)
	case a.ref != b.ref:
		return cmpRef(a.ref, b.ref)
	case a.cmd != b.cmd:
		return cmpCmd(a.cmd, b.cmd)
	case a.reply != b.reply:
		return strings.Compare(m.reply(a.reply).String(), m.reply(b.reply).String())
	case a.delayed != b.delayed:
		if a.delayed {
			return 1
		}
		return -1
	case a.orphan != b.orphan:
		if a.orphan {
			return 1
		}
		return -1
	}
	return 0
}

func cmpRef(a, b clients.Ref) int {
	switch {
	case a.Owner != b.Owner:
		return int(a.Owner) - int(b.Owner)
	case a.Slot != b.Slot:
		return int(a.Slot - b.Slot)
	case a.Seq != b.Seq:
		return int(a.Seq) - int(b.Seq)
	}
	return int(a.Attempt) - int(b.Attempt)
}

func cmpCmd(a, b clients.Cmd) int {
	for _, d := range [...]int64{int64(a.Op) - int64(b.Op), a.Thread - b.Thread, a.Lease - b.Lease, a.Wait - b.Wait, a.At - b.At, int64(a.Sync - b.Sync),
		int64(a.ReqN) - int64(b.ReqN), a.Latch - b.Latch} {
		if d != 0 {
			if d < 0 {
				return -1
			}
			return 1
		}
	}
	return cmpUint(a.ReqR, b.ReqR)
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// thread is where a thread is in its program, and what it believes of
// the lock (kept through checks.Belief's transitions, for the step judge).
type thread struct {
	checks.Belief
	ip uint8 // the next step of its program
}

const noClient = math.MaxUint32

// state is one state of the bounded system: Redis's keyspace (interned),
// each process's client (interned; noClient once crashed), whether it is
// paused, each thread's place in its program, the faults used so far and
// the messages in flight (a multiset, kept sorted).
type state struct {
	store   uint32
	clients [MaxProcs]uint32
	paused  [MaxProcs]bool
	th      [MaxThreads]thread
	used    Faults
	msgs    []msg
}

func (s *state) clone() state {
	c := *s
	c.msgs = slices.Clone(s.msgs)
	return c
}

func (s *state) crashed(p int) bool { return s.clients[p] == noClient }

// appendKey appends s's exact encoding: equal encodings, equal states.
func (m *model) appendKey(s *state, dst []byte) []byte {
	dst = appendID(dst, s.store)
	dst = append(dst, s.used[:m.usedLen()]...)
	for p := 0; p < m.procs; p++ {
		dst = appendID(dst, s.clients[p])
		dst = appendBool(dst, s.paused[p])
	}
	for i := 0; i < m.n; i++ {
		t := s.th[i]
		dst = append(dst, t.ip, t.Held)
		dst = appendBool(dst, t.InCall)
		dst = append(dst, pastCalls(t))
		dst = appendV(dst, int64(t.LeaseLeft))
		dst = appendV(dst, int64(t.CrashLeft))
	}
	dst = appendU(dst, uint64(len(s.msgs)))
	for _, q := range s.msgs {
		dst = appendID(dst, m.msgID(q))
	}
	return dst
}

// usedLen is how many fault counters a state's encoding holds: an
// interrupt's only when the budget has interrupts, so the states of the
// other searches are as long as before it was a fault kind.
func (m *model) usedLen() int {
	if m.cfg.Faults[FaultInterrupt] > 0 {
		return int(numFaults)
	}
	return int(FaultInterrupt)
}

// msgID interns a message in flight: a state's encoding holds 4 bytes per
// message instead of its 20 or so, since the same few messages recur in
// many states. Each worker keeps the ids it has used.
func (m *model) msgID(q msg) uint32 {
	if id, ok := m.msgL1[q]; ok {
		return id
	}
	b := append(m.msgBuf[:0], byte(q.kind), q.proc, q.ch, byte(q.ref.Owner), q.ref.Attempt)
	b = appendBool(b, q.delayed)
	b = appendU(b, uint64(q.ref.Slot))
	b = appendU(b, uint64(q.ref.Seq))
	b = append(b, byte(q.cmd.Op))
	b = appendV(b, q.cmd.Thread)
	b = appendV(b, q.cmd.Lease)
	b = appendV(b, q.cmd.Wait)
	b = appendV(b, q.cmd.At-base)
	b = appendU(b, uint64(q.cmd.Sync))
	if c := q.cmd; c.ReqN != 0 || c.ReqR != 0 || c.Latch != 0 {
		// 4.7.0's unlock (only it sets these: the other versions' encodings stay as they were)
		b = appendU(b, uint64(c.ReqN))
		b = appendU(b, c.ReqR)
		b = appendV(b, c.Latch)
	}
	b = appendID(b, q.reply)
	if q.orphan { // only a renewal: the other messages' encodings stay as they were
		b = append(b, 1)
	}
	if q.kind >= mRepl {
		b = appendV(b, int64(q.due))
		b = append(b, q.off)
	}
	m.msgBuf = b
	id, ok := m.sh.msgs.lookup(b)
	if !ok {
		id = m.sh.msgs.add(b, q, nil)
	}
	m.msgL1[q] = id
	return id
}

// appendID appends an interned id in 4 bytes, not as a varint: which ids
// values get depends on which worker interned them first, and the length
// of an encoding must not (the memory bound counts it).
func appendID(dst []byte, id uint32) []byte {
	return append(dst, byte(id), byte(id>>8), byte(id>>16), byte(id>>24))
}

// decodeKey is appendKey's inverse: it fills s (reusing its message
// buffer) from key.
func (m *model) decodeKey(key []byte, s *state) {
	d := keyReader{b: key}
	msgs := s.msgs[:0]
	*s = state{}
	s.store = d.id()
	copy(s.used[:], d.bytes(m.usedLen()))
	for p := range s.clients {
		s.clients[p] = noClient
	}
	for p := 0; p < m.procs; p++ {
		s.clients[p] = d.id()
		s.paused[p] = d.byte() == 1
	}
	for th := range s.th {
		s.th[th].LeaseLeft, s.th[th].CrashLeft = -1, -1
	}
	for i := 0; i < m.n; i++ {
		t := &s.th[i]
		t.ip, t.Held = d.byte(), d.byte()
		t.InCall = d.byte() == 1
		past := d.byte()
		t.HadError, t.Forced, t.StaleRenewal, t.Expired = past&1 != 0, past&2 != 0, past&4 != 0, past&8 != 0
		t.LeaseLeft, t.CrashLeft = int32(d.v()), int32(d.v())
	}
	for k := d.u(); k > 0; k-- {
		msgs = append(msgs, m.sh.msgs.vals.get(d.id()))
	}
	s.msgs = msgs
	if len(d.b) != 0 {
		panic("explore: state encoding has trailing bytes")
	}
}

// keyReader reads appendKey's encoding.
type keyReader struct{ b []byte }

func (d *keyReader) byte() byte {
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

func (d *keyReader) bytes(n int) []byte {
	c := d.b[:n]
	d.b = d.b[n:]
	return c
}

func (d *keyReader) id() uint32 {
	b := d.bytes(4)
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

func (d *keyReader) u() uint64 {
	x, n := uvarint(d.b)
	d.b = d.b[n:]
	return x
}

func (d *keyReader) v() int64 {
	ux := d.u()
	x := int64(ux >> 1)
	if ux&1 != 0 {
		x = ^x
	}
	return x
}

func (m *model) initial() state {
	s := sim.NewStore()
	s.SetTime(base)
	var st state
	st.store = m.intern(s)
	for p := range st.clients {
		st.clients[p] = noClient
	}
	for th := range st.th {
		st.th[th].LeaseLeft, st.th[th].CrashLeft = -1, -1
	}
	for p := 0; p < m.procs; p++ {
		st.clients[p] = m.internClient(p, clients.NewClient(m.cf, procName(p)))
	}
	m.skipSteps(&st)
	return st
}

// --- interning

// intern returns the id of store s, adding it when new.
func (m *model) intern(s *sim.Store) uint32 {
	if m.repl {
		m.keyBuf = s.AppendCanonicalWithExpired(m.keyBuf[:0])
	} else {
		m.keyBuf = s.AppendCanonical(m.keyBuf[:0])
	}
	if id, ok := m.sh.stores.lookup(m.keyBuf); ok {
		return id
	}
	// A fair waiter's timeout is a boundary twice: when it is reached the
	// waiter is stale, and threadWaitTime before it the ttl its acquire
	// returns (timeout - threadWaitTime - now in 3.16.8) reaches 0.
	var pts []int64
	expiries, stamps := s.TimePoints(m.stamped)
	for _, p := range expiries {
		pts = append(pts, p-base)
	}
	for _, p := range stamps {
		pts = append(pts, p-base, p-base-m.cf.Opts.ThreadWaitTime)
	}
	slices.Sort(pts)
	e := storeEntry{s: s, points: slices.Compact(pts), finds: m.storeInvariants(s), expiredBy: math.MaxInt64}
	if first, ok := s.OldestExpired(); ok && m.repl {
		e.expiredBy = first + sim.ExpireCyclePeriod.Ms() - base
	}
	return m.sh.stores.add(m.keyBuf, e, nil)
}

// activeExpire is the store id after a cycle of Redis's background
// expiry (sim.Store.ActiveExpire), and the keys it deleted.
func (m *model) activeExpire(id uint32) uint32 {
	if r, ok := m.sh.expireMemo.get(id); ok {
		return r
	}
	st := m.store(id).Clone()
	st.SetTime(base)
	st.ActiveExpire()
	return m.sh.expireMemo.put(id, m.intern(st))
}

func (m *model) internReply(r sim.Reply) uint32 {
	k := r.String()
	if id, ok := m.sh.replies.lookup([]byte(k)); ok {
		return id
	}
	return m.sh.replies.add([]byte(k), r, nil)
}

// internClient returns the id of process p's client c (a client belongs
// to its process: its UUID is the process's name).
func (m *model) internClient(p int, c *clients.Client) uint32 {
	m.keyBuf = append(m.keyBuf[:0], byte(p))
	m.keyBuf = c.AppendKey(m.keyBuf)
	if id, ok := m.sh.clients.lookup(m.keyBuf); ok {
		return id
	}
	var mask uint16
	for i, ch := range m.channels {
		if c.Subscribed(ch) {
			mask |= 1 << i
		}
	}
	return m.sh.clients.add(m.keyBuf, clientEntry{c: c, subs: mask}, nil)
}

// stamped says which keys hold timestamps as sorted-set scores: the fair
// lock's timeout set.
func (m *model) stamped(key string) bool {
	return m.cf.Opts.Fair && key == clients.TimeoutName(lockName)
}

// leaseBound is the longest lease a script sets: the watchdog's, a
// simple lock's, or the configured explicit one.
func (m *model) leaseBound() int64 {
	l := max(m.cfg.lease(), int64(clients.SimpleLease))
	if m.cf.Simple == "" {
		l = max(m.cfg.lease(), m.cf.Opts.LockWatchdogTimeout)
	}
	return l
}

// horizon is how far in the past a fair lock's queue timestamps are told
// apart: a stale waiter's timeout only ever meets "<= now" (the stale
// loop) or flows, plus threadWaitTime, into the next waiter's timeout, so
// beyond one lease and threadWaitTime per thread the distance no longer
// changes what any script does, and raising older stamps to the horizon
// keeps the state space finite while a holder renews forever.
func (m *model) horizon() int64 {
	return int64(m.n+1) * (m.cf.Opts.ThreadWaitTime + m.leaseBound())
}

// rebase is the store id seen d ms later (sim.Store.Rebase).
func (m *model) rebase(id uint32, d int64) uint32 {
	k := shiftKey{id, d}
	if r, ok := m.rebaseL1[k]; ok {
		return r
	}
	r, ok := m.sh.rebaseMemo.get(k)
	if !ok {
		st := m.store(id)
		floor := float64(base - m.horizon())
		if m.repl {
			r = m.sh.rebaseMemo.put(k, m.intern(st.RebaseKeepingExpired(d, m.stamped, floor)))
		} else {
			r = m.sh.rebaseMemo.put(k, m.intern(st.Rebase(d, m.stamped, floor)))
		}
	}
	m.rebaseL1[k] = r
	return r
}

// shift is process p's client id seen d ms later (clients.Client.Shift).
func (m *model) shift(p int, id uint32, d int64) uint32 {
	k := shiftKey{id, d}
	if r, ok := m.shiftL1[k]; ok {
		return r
	}
	r, ok := m.sh.shiftMemo.get(k)
	if !ok {
		c := m.client(id).Clone()
		c.Shift(sim.Duration(d) * sim.Millisecond)
		r = m.sh.shiftMemo.put(k, m.internClient(p, c))
	}
	m.shiftL1[k] = r
	return r
}

// subs is every process's subscriptions, 16 channels per process.
func (m *model) subs(s *state) uint64 {
	var b uint64
	for p := 0; p < m.procs; p++ {
		if !s.crashed(p) {
			b |= uint64(m.subMask(s.clients[p])) << (16 * p)
		}
	}
	return b
}

// exec runs request q at Redis on store id with subscriptions subs.
func (m *model) exec(id uint32, q msg, subs uint64) execResult {
	k := newExecKey(id, q, subs)
	if r, ok := m.execL1[k]; ok {
		return r
	}
	if r, ok := m.sh.execMemo.get(k); ok {
		m.execL1[k] = r
		return r
	}
	s := m.store(id).Clone()
	s.SetEngine(m.eng)
	s.SetTime(base)
	var pubs uint64
	s.Publish = func(channel, message string) int64 {
		n := int64(0)
		for ci, ch := range m.channels {
			if ch != channel {
				continue
			}
			for p := 0; p < m.procs; p++ {
				if subs&(1<<(16*p+ci)) != 0 {
					n++
					if message == "0" { // LockPubSub.UNLOCK_MESSAGE
						pubs |= 1 << (16*p + ci)
					}
				}
			}
		}
		return n
	}
	req := m.cf.Render(procName(int(q.proc)), q.cmd)
	var reply sim.Reply
	var waitMs int32
	var limit string
	wait := false
	if m.repl {
		s.StartEffects()
	}
	if items := req.Batch; items != nil {
		// a 3.16.8 or 4.7.0 lock command: its script, then WAIT, which the
		// model keeps at the master (deliver)
		last := items[len(items)-1]
		if !sim.IsWait(last) {
			panic("explore: a batch must end in WAIT")
		}
		t, _ := strconv.Atoi(last.Cmd[2])
		wait, waitMs = true, int32(t)
		var out []sim.Reply
		for _, it := range items[:len(items)-1] {
			out = append(out, s.Run(it))
			limit = m.limitHit(limit, s, it)
		}
		reply = sim.Array(out...)
	} else {
		reply = s.Run(req)
		limit = m.limitHit(limit, s, req)
	}
	wrote := false
	if m.repl {
		wrote = s.TakeEffects() != nil
		s.StopEffects()
	}
	s.Publish = nil
	r := execResult{store: m.intern(s), reply: m.internReply(reply), wrote: wrote, wait: wait, waitMs: waitMs, pubs: pubs, line: describeReq(req), limit: limit}
	r.fifo = m.fifoBroken(m.store(id), s, q.cmd, procName(int(q.proc)), reply)
	r = m.sh.execMemo.put(k, r)
	m.execL1[k] = r
	return r
}

// describeReq names a request for the story: the script (without its
// version) or the command, with its arguments; a batch by its first
// command (the script before the WAIT).
func describeReq(r sim.Request) string {
	if len(r.Batch) > 0 {
		return describeReq(r.Batch[0])
	}
	if r.Script != nil {
		_, name, _ := strings.Cut(r.Script.ID, "/")
		return name + " " + strings.Join(r.Argv, " ")
	}
	return strings.Join(r.Cmd, " ")
}

// --- steps

// actKind is a kind of step.
type actKind uint8

const (
	aCall    actKind = iota // a thread makes its program's next call
	aDeliver                // a message arrives
	aFire                   // a due timer of a client fires
	aAdvance                // time passes
	aCrash
	aPause
	aResume
	aDrop
	aDelay
	aRestart
	aInterrupt
	aExpire // with a replica: Redis's background expiry deletes the expired keys
)

// action is one step; mi indexes the parent state's messages.
type action struct {
	kind  actKind
	th    uint8 // aCall, aInterrupt: the thread; aFire, aCrash, aPause, aResume: the process
	mi    uint8
	timer clients.TimerKey
	delta int64
}

// actions appends every step enabled in s, in a fixed order.
func (m *model) actions(s *state, dst []action) []action {
	advance, anyDue := true, false
	next := int64(math.MaxInt64)
	// Requests of waiters that spin let time pass, to the first moment
	// their answer could change (spin.go); their response timers, set
	// again on every turn, never fall due.
	var spins []msg
	if m.spins {
		for _, q := range s.msgs {
			if b, ok := m.spinBound(s, q); ok {
				spins = append(spins, q)
				next = min(next, b)
			}
		}
	}
	spinTimer := func(p int, k clients.TimerKey) bool {
		for _, q := range spins {
			if int(q.proc) == p && k.Kind == clients.TimerExec && k.Slot == int64(q.ref.Slot) {
				return true
			}
		}
		return false
	}
	for th := 0; th < m.n; th++ {
		p, _ := m.where(th)
		t := s.th[th]
		if !s.crashed(p) && !s.paused[p] && !t.InCall && int(t.ip) < len(m.prog) {
			dst = append(dst, action{kind: aCall, th: uint8(th)})
		}
	}
	for p := 0; p < m.procs; p++ {
		if s.crashed(p) {
			continue
		}
		c := m.client(s.clients[p])
		if !s.paused[p] {
			c.Timers(func(k clients.TimerKey, at sim.Time) {
				d := ceilMs(at)
				if d > 0 && spinTimer(p, k) {
					return
				}
				if d <= 0 {
					dst = append(dst, action{kind: aFire, th: uint8(p), timer: k})
					advance, anyDue = false, true
				}
				next = min(next, d)
			})
		}
		// A paused process's state may grow old, but no older than a
		// delayed message may (MaxDelay).
		if w, ok := c.OldestWall(); ok && s.paused[p] {
			next = min(next, MaxDelay+w-base)
		}
	}
	firstRepl := true
	for i, q := range s.msgs {
		switch q.kind {
		case mRepl:
			// the replica applies its entries in order, each by its deadline;
			// time passes while they are on their way
			if firstRepl {
				dst = append(dst, action{kind: aDeliver, mi: uint8(i)})
				firstRepl = false
			}
			next = min(next, int64(q.due))
			continue
		case mWait:
			// a blocked WAIT lets time pass until its timeout, which then fires
			if q.due <= 0 {
				dst = append(dst, action{kind: aDeliver, mi: uint8(i)})
				advance, anyDue = false, true
			}
			next = min(next, int64(q.due))
			continue
		}
		if q.kind == mRequest || q.kind == mAck || !s.paused[q.proc] {
			dst = append(dst, action{kind: aDeliver, mi: uint8(i)})
			if !q.delayed && !slices.Contains(spins, q) {
				advance = false
			}
		}
		if q.kind == mRequest && q.delayed {
			next = min(next, MaxDelay+q.cmd.At-base)
		}
	}
	// With a replica, an expired key the store still holds goes within a
	// cron period of its expiry, by a cycle of the background expiry that
	// deletes every expired key and replicates the DELs (sim/expire.go):
	// at any moment until then, in any order with the other steps, and
	// time does not pass that deadline before it. (Each expiry's cycle is
	// placed on its own: the model does not keep the cron's phase from one
	// to the next.)
	if by := m.expiredBy(s.store); by != math.MaxInt64 {
		dst = append(dst, action{kind: aExpire})
		next = min(next, max(by, 0))
	}
	// No execution stays inside one millisecond for ever: when a key's
	// expiry or a queue timeout is exactly now, time may move 1 ms on even
	// with messages in flight (else a lock() loop on a pttl-0 key would spin
	// at one instant).
	if !advance && next > 0 && !anyDue && slices.Contains(m.pointsOf(s.store), 0) {
		dst = append(dst, action{kind: aAdvance, delta: 1})
	}
	if advance && next > 0 {
		var cands []int64
		for _, pt := range m.pointsOf(s.store) {
			for _, c := range [3]int64{pt - 1, pt, pt + 1} {
				if c > 0 && c <= next {
					cands = append(cands, c)
				}
			}
		}
		if next != math.MaxInt64 {
			cands = append(cands, next)
		}
		slices.Sort(cands)
		for _, c := range slices.Compact(cands) {
			dst = append(dst, action{kind: aAdvance, delta: c})
		}
	}
	f := m.cfg.Faults
	for p := 0; p < m.procs; p++ {
		if s.crashed(p) || m.procDone(s, p) {
			continue
		}
		if s.used[FaultCrash] < f[FaultCrash] {
			dst = append(dst, action{kind: aCrash, th: uint8(p)})
		}
		if s.used[FaultPause] < f[FaultPause] && !s.paused[p] {
			dst = append(dst, action{kind: aPause, th: uint8(p)})
		}
	}
	for p := 0; p < m.procs; p++ {
		if s.paused[p] && !s.crashed(p) {
			dst = append(dst, action{kind: aResume, th: uint8(p)})
		}
	}
	for i, q := range s.msgs {
		if q.kind > mPublish {
			continue // replication is not lost or delayed: a lag is its own
		}
		if s.used[FaultDrop] < f[FaultDrop] {
			dst = append(dst, action{kind: aDrop, mi: uint8(i)})
		}
		if s.used[FaultDelay] < f[FaultDelay] && !q.delayed {
			dst = append(dst, action{kind: aDelay, mi: uint8(i)})
		}
	}
	if s.used[FaultRestart] < f[FaultRestart] {
		dst = append(dst, action{kind: aRestart})
	}
	if s.used[FaultInterrupt] < f[FaultInterrupt] {
		for th := 0; th < m.n; th++ {
			// another thread of a running process interrupts it during a call
			if p, _ := m.where(th); s.th[th].InCall && !s.crashed(p) && !s.paused[p] {
				dst = append(dst, action{kind: aInterrupt, th: uint8(th)})
			}
		}
	}
	return dst
}

// ceilMs is a client timer's due time in whole ms from now.
func ceilMs(at sim.Time) int64 {
	return (int64(at) + int64(sim.Millisecond) - 1) / int64(sim.Millisecond)
}

// procDone reports whether every thread of process p has made all its
// calls and no command or timer of its client is pending.
func (m *model) procDone(s *state, p int) bool {
	for th := p * m.per; th < (p+1)*m.per; th++ {
		if t := s.th[th]; t.InCall || int(t.ip) < len(m.prog) {
			return false
		}
	}
	return true
}

// story collects what a step did, one line per event; a nil story
// collects nothing (the search does not pay for text).
type story struct{ lines []string }

func (st *story) add(format string, args ...any) {
	if st != nil {
		st.lines = append(st.lines, fmt.Sprintf(format, args...))
	}
}

// apply returns the state after step a, normalized.
func (m *model) apply(s *state, a action, st *story) state {
	var n state
	m.applyTo(&n, s, a, st)
	return n
}

// applyTo is apply into n, whose message buffer it reuses.
func (m *model) applyTo(n *state, s *state, a action, st *story) {
	m.found = m.found[:0]
	buf := n.msgs[:0]
	*n = *s
	n.msgs = append(buf, s.msgs...)
	switch a.kind {
	case aCall:
		th := int(a.th)
		p, tid := m.where(th)
		stp := m.prog[n.th[th].ip]
		n.th[th].Call(stp.call.Kind == clients.CallUnlock, stp.call.Kind == clients.CallForceUnlock)
		m.busy(n, p, tid)
		if st != nil {
			st.add("%s calls %s", m.threadName(th), callText(stp.call))
		}
		m.step(n, p, evKey{kind: clients.EvCall, thread: tid, step: n.th[th].ip}, st)
	case aDeliver:
		q := n.msgs[a.mi]
		n.msgs = slices.Delete(n.msgs, int(a.mi), int(a.mi)+1)
		m.deliver(n, q, st)
	case aFire:
		if st != nil {
			st.add("%s", m.timerText(n, int(a.th), a.timer))
		}
		m.step(n, int(a.th), evKey{kind: clients.EvTimer, timer: a.timer}, st)
	case aAdvance:
		spins := m.spinning(n)
		had := m.holdsKept(n)
		m.advance(n, a.delta, st)
		for th := 0; th < m.n; th++ {
			if had&(1<<th) != 0 && m.holdGone(n, th) {
				n.th[th].Lapsed() // its hold's time ran out
			}
		}
		for _, q := range spins {
			m.respin(n, q, st)
		}
	case aCrash:
		n.used[FaultCrash]++
		p := int(a.th)
		n.clients[p], n.paused[p] = noClient, false
		for th := p * m.per; th < (p+1)*m.per; th++ {
			// Its threads are gone, and what they believed; a hold it had
			// must go within its lease (the watchdog's when it had none).
			n.th[th].Crash(m.cf.Opts.LockWatchdogTimeout)
			n.th[th].ip = uint8(len(m.prog))
		}
		st.add("fault: process %s crashes (its requests in flight still reach Redis)", procName(p))
	case aPause:
		n.used[FaultPause]++
		n.paused[a.th] = true
		st.add("fault: process %s pauses (GC)", procName(int(a.th)))
	case aResume:
		n.paused[a.th] = false
		st.add("process %s resumes", procName(int(a.th)))
	case aDrop:
		n.used[FaultDrop]++
		if st != nil {
			st.add("fault: %s is lost", m.msgText(n.msgs[a.mi]))
		}
		n.msgs = slices.Delete(n.msgs, int(a.mi), int(a.mi)+1)
	case aDelay:
		n.used[FaultDelay]++
		n.msgs[a.mi].delayed = true
		if st != nil {
			st.add("fault: %s is delayed", m.msgText(n.msgs[a.mi]))
		}
	case aRestart:
		n.used[FaultRestart]++
		s := sim.NewStore()
		s.SetTime(base)
		n.store = m.intern(s)
		st.add("fault: Redis restarts without persistence: the keyspace is empty")
	case aExpire:
		if st != nil {
			st.add("Redis's background expiry deletes %s (the DEL is replicated)", strings.Join(m.expiredKeys(n.store), ", "))
		}
		n.store = m.activeExpire(n.store)
		n.msgs = append(n.msgs, msg{kind: mRepl, due: int32(m.lag)})
	case aInterrupt:
		n.used[FaultInterrupt]++
		th := int(a.th)
		p, tid := m.where(th)
		if st != nil {
			st.add("fault: %s is interrupted (Thread.interrupt())", m.threadName(th))
		}
		m.step(n, p, evKey{kind: clients.EvInterrupt, thread: tid}, st)
	}
	m.normalize(n)
}

func (m *model) deliver(n *state, q msg, st *story) {
	switch q.kind {
	case mRequest:
		r := m.exec(n.store, q, m.subs(n))
		n.store = r.store
		if p := int(q.proc); n.crashed(p) && (q.cmd.Op == clients.OpRenew || q.cmd.Op == clients.OpAcquire) {
			// A command of a crashed process that still arrives re-arms its
			// hold: it must go within that lease from now.
			if th := m.threadOf(p, q.cmd.Thread); m.holds(n, th) > 0 {
				n.th[th].Rearmed(q.cmd.Lease)
			}
		}
		if r.fifo != "" {
			m.found = append(m.found, checks.StepFifo(r.fifo, m.cf.OwnerName(procName(int(q.proc)), q.cmd.Thread)))
		}
		if r.limit != "" {
			m.found = append(m.found, bugOf(kindScriptLimit, "", r.limit, kindScriptLimit))
		}
		if q.orphan && !n.crashed(int(q.proc)) {
			m.judgeOrphan(n, q)
		}
		if m.logExec != nil || st != nil {
			rep := m.reply(r.reply)
			if r.wait {
				rep = rep.Arr[0] // the script's, before the WAIT
			}
			if m.logExec != nil {
				m.logExec(int(q.proc), q.cmd, rep)
			}
			st.add("Redis runs %s: %s → %s", m.msgText(q), r.line, rep.Text())
		}
		for bit := 0; bit < 64; bit++ {
			if r.pubs&(1<<bit) != 0 {
				n.msgs = append(n.msgs, msg{kind: mPublish, proc: uint8(bit / 16), ch: uint8(bit % 16)})
			}
		}
		if r.wrote {
			n.msgs = append(n.msgs, msg{kind: mRepl, due: int32(m.lag)})
		}
		rq := q
		rq.kind, rq.delayed, rq.reply = mReply, false, r.reply
		if r.wait {
			// WAIT 1 timeout (replication.c waitCommand): at once when the
			// replica acknowledged every entry so far, else blocked until it
			// does or the timeout passes (0: no timeout)
			if un := m.unacked(n); un > 0 {
				rq.kind, rq.off, rq.due = mWait, uint8(un), r.waitMs
				if r.waitMs == 0 {
					rq.due = math.MaxInt32
				}
				st.add("Redis blocks the WAIT until the replica acknowledges %d more entries", un)
			} else {
				rq.reply = m.waitReply(r.reply, 1)
			}
		}
		if !n.crashed(int(q.proc)) {
			n.msgs = append(n.msgs, rq)
		}
	case mReply:
		if st != nil {
			st.add("%s arrives: %s", m.msgText(q), m.reply(q.reply).Text())
		}
		m.step(n, int(q.proc), evKey{kind: clients.EvReply, ref: q.ref, reply: q.reply}, st)
	case mPublish:
		if st != nil {
			st.add("%s gets an unlock message on %s", procName(int(q.proc)), m.channels[q.ch])
		}
		m.step(n, int(q.proc), evKey{kind: clients.EvMessage, ch: q.ch}, st)
	case mRepl:
		a := m.maxAck(n) + 1
		n.msgs = append(n.msgs, msg{kind: mAck, off: uint8(a)})
		st.add("the replica applies an entry (%d past the master's acknowledged offset)", a)
	case mAck:
		m.ack(n, q.off, st)
	case mWait:
		rq := q
		rq.kind, rq.due, rq.off, rq.reply = mReply, 0, 0, m.waitReply(q.reply, 0)
		if st != nil {
			st.add("%s times out: 0 replicas acknowledged", m.msgText(q))
		}
		n.msgs = append(n.msgs, rq)
	}
}

// maxAck is how far past the master's acked offset the replica has
// applied: its latest acknowledgement still on its way (0 if none).
func (m *model) maxAck(n *state) int64 {
	a := int64(0)
	for _, q := range n.msgs {
		if q.kind == mAck {
			a = max(a, int64(q.off))
		}
	}
	return a
}

// unacked is how many entries the master wrote past its acked offset:
// those the replica applied, and those on their way to it.
func (m *model) unacked(n *state) int64 {
	un := m.maxAck(n)
	for _, q := range n.msgs {
		if q.kind == mRepl {
			un++
		}
	}
	if un > math.MaxUint8 {
		panic("explore: more than 255 replication entries in flight")
	}
	return un
}

// ack delivers the replica's acknowledgement of a entries past the acked
// offset: the offset moves on by a, so every offset held relative to it
// moves back by a, and the WAITs it reaches return 1.
func (m *model) ack(n *state, a uint8, st *story) {
	st.add("the master hears the replica acknowledge %d more entries", a)
	msgs := n.msgs[:0]
	for _, q := range n.msgs {
		switch {
		case q.kind == mAck && q.off <= a:
			continue // superseded
		case q.kind == mAck:
			q.off -= a
		case q.kind == mWait && q.off <= a:
			if st != nil {
				st.add("%s returns: 1 replica acknowledged", m.msgText(q))
			}
			q.kind, q.due, q.off, q.reply = mReply, 0, 0, m.waitReply(q.reply, 1)
		case q.kind == mWait:
			q.off -= a
		}
		msgs = append(msgs, q)
	}
	n.msgs = msgs
}

// waitReply is a batch's reply: its replies before the WAIT (interned
// id prefix), then the WAIT's count.
func (m *model) waitReply(prefix uint32, count int64) uint32 {
	r := m.reply(prefix)
	return m.internReply(sim.Array(append(slices.Clone(r.Arr), sim.Int(count))...))
}

// step runs one event through process p's client and carries out the
// effects: commands go in flight, a subscription is active at once, a
// call's return moves its thread on in its program.
func (m *model) step(n *state, p int, ev evKey, st *story) {
	for {
		r := m.clientStep(n.clients[p], p, ev)
		n.clients[p] = r.client
		sub := -1
		for _, e := range r.effects {
			switch e.Kind {
			case clients.EffSend:
				q := msg{kind: mRequest, proc: uint8(p), ref: e.Ref, cmd: e.Cmd}
				if e.Cmd.Op == clients.OpRenew {
					t := n.th[m.threadOf(p, e.Cmd.Thread)]
					q.orphan = t.Held == 0 && !t.InCall
				}
				n.msgs = append(n.msgs, q)
			case clients.EffSubscribe:
				sub = slices.Index(m.channels, e.Channel)
			case clients.EffReturn:
				th := m.threadOf(p, e.Thread)
				t := &n.th[th]
				stp := m.prog[t.ip]
				t.Return(stp.call.Kind.Acquires() && e.Result.OK && !e.Result.Failed(), m.callLease(stp.call), e.Result.Failed(), m.renewing(n, p, e.Thread))
				m.found = append(m.found, checks.StepReturned(m.view(n), th, m.stepReturn(stp.call, e.Result))...)
				if m.logReturn != nil {
					m.logReturn(th, stp.call, e.Result)
				}
				t.ip++
				if st != nil {
					st.add("%s: %s → %s", m.threadName(th), callText(stp.call), resultText(stp.call.Kind, e.Result))
				}
			case clients.EffNote:
				if st != nil {
					m.noteText(st, p, e)
				}
				if m.logNote != nil {
					m.logNote(p, e)
				}
			}
		}
		// renumber this process's command references as its client did
		for i := range n.msgs {
			q := &n.msgs[i]
			if int(q.proc) != p || q.kind == mPublish {
				continue
			}
			seq := uint32(0)
			for _, l := range r.live {
				if l.owner == q.ref.Owner && l.slot == q.ref.Slot && l.seq == q.ref.Seq {
					seq = l.canon
				}
			}
			q.ref.Seq = seq
		}
		m.skipSteps(n)
		if sub < 0 {
			return
		}
		ev = evKey{kind: clients.EvSubscribed, ch: uint8(sub)}
	}
}

// clientStep is Step of client id for event ev, memoized.
func (m *model) clientStep(id uint32, p int, ev evKey) *stepResult {
	k := stepKey{id, ev}
	if r, ok := m.stepL1[k]; ok {
		return r
	}
	if r, ok := m.sh.stepMemo.get(k); ok {
		m.stepL1[k] = r
		return r
	}
	c := m.client(id).Clone()
	e := clients.Event{Kind: ev.kind, Now: 0, Wall: base, Thread: ev.thread, Ref: ev.ref, Timer: ev.timer, Replicas: m.cfg.Replicas}
	switch ev.kind {
	case clients.EvCall:
		stp := m.prog[ev.step]
		e.Call = stp.call
		e.Call.Fresh = stp.fresh
	case clients.EvReply:
		e.Reply = m.reply(ev.reply)
	case clients.EvMessage:
		e.Channel, e.Message = m.channels[ev.ch], "0"
	case clients.EvSubscribed:
		e.Channel = m.channels[ev.ch]
	}
	r := &stepResult{}
	for _, eff := range c.Step(e) {
		switch eff.Kind {
		case clients.EffSend, clients.EffSubscribe, clients.EffReturn, clients.EffNote:
			// a flaw's path too: the catalogue reads it (known.go)
			r.effects = append(r.effects, eff)
		}
	}
	c.Canon(m.cfg.Faults[FaultInterrupt] > 0, func(own clients.OwnerKind, slot int32, seq, canon uint32) {
		r.live = append(r.live, liveSeq{own, slot, seq, canon})
	})
	r.client = m.internClient(p, c)
	r = m.sh.stepMemo.put(k, r)
	m.stepL1[k] = r
	return r
}

// busy clears the "sent while free" mark of the renewals in flight for
// thread tid of process p: it makes a call.
func (m *model) busy(n *state, p int, tid int64) {
	for i := range n.msgs {
		if q := &n.msgs[i]; q.orphan && int(q.proc) == p && q.cmd.Thread == tid {
			q.orphan = false
		}
	}
}

// skipSteps moves every idle thread past the calls its program makes only
// while it holds the lock, when it does not (an unlock after an acquire
// that failed).
func (m *model) skipSteps(n *state) {
	for th := 0; th < m.n; th++ {
		t := &n.th[th]
		for !t.InCall && int(t.ip) < len(m.prog) && t.Held < m.prog[t.ip].need {
			t.ip++
		}
	}
}

// advance moves time forward by d: the keyspace, every client's timers
// and clock readings, and every request's time argument move back by d.
func (m *model) advance(n *state, d int64, st *story) {
	n.store = m.rebase(n.store, d)
	for p := 0; p < m.procs; p++ {
		if !n.crashed(p) {
			n.clients[p] = m.shift(p, n.clients[p], d)
		}
	}
	for j := range n.msgs {
		switch q := &n.msgs[j]; q.kind {
		case mRequest:
			q.cmd.At -= d
		case mRepl, mWait:
			if q.due != math.MaxInt32 {
				q.due -= int32(d)
			}
		}
	}
	for th := 0; th < m.n; th++ {
		n.th[th].Advance(d)
	}
	if st != nil {
		st.add("%d ms pass", d)
	}
}

// normalize drops what can no longer matter, so that states that behave
// alike are equal: replies nobody awaits (timed out, superseded, or to a
// crashed process), unlock messages to a process no longer subscribed;
// and sorts the messages in flight.
func (m *model) normalize(n *state) {
	n.msgs = slices.DeleteFunc(n.msgs, func(q msg) bool {
		if q.kind == mRequest || q.kind == mRepl || q.kind == mAck {
			return false
		}
		if n.crashed(int(q.proc)) {
			return true
		}
		if q.kind == mReply || q.kind == mWait {
			// a blocked WAIT only answers: nobody awaiting it, it changes nothing
			return !m.client(n.clients[q.proc]).Awaits(q.ref)
		}
		return m.subMask(n.clients[q.proc])&(1<<q.ch) == 0
	})
	slices.SortFunc(n.msgs, m.cmpMsg)
}

// --- checks

// finished reports whether every thread has made all its calls (or its
// process crashed).
func (m *model) finished(s *state) bool {
	for th := 0; th < m.n; th++ {
		if t := s.th[th]; t.InCall || int(t.ip) < len(m.prog) {
			return false
		}
	}
	return true
}

func appendU(dst []byte, x uint64) []byte {
	for x >= 0x80 {
		dst = append(dst, byte(x)|0x80)
		x >>= 7
	}
	return append(dst, byte(x))
}

func appendV(dst []byte, x int64) []byte {
	ux := uint64(x) << 1
	if x < 0 {
		ux = ^ux
	}
	return appendU(dst, ux)
}

// pastCalls packs what a thread's earlier calls left in its belief: one
// threw, one was forceUnlock().
func pastCalls(t thread) byte {
	var b byte
	if t.HadError {
		b |= 1
	}
	if t.Forced {
		b |= 2
	}
	if t.StaleRenewal {
		b |= 4
	}
	if t.Expired {
		b |= 8
	}
	return b
}

func appendBool(dst []byte, b bool) []byte {
	if b {
		return append(dst, 1)
	}
	return append(dst, 0)
}

// kindScriptLimit is the finding of a script stopped by one of the
// simulation's own limits: no real Redis gives its reply, so the search
// ends there with an error rather than a verdict.
const kindScriptLimit = "script-limit"

// limitHit is prev, or, when none yet, why req's script was stopped by one
// of the simulation's limits, named by its file when a user's directory or
// a mutant gave it.
func (m *model) limitHit(prev string, s *sim.Store, req sim.Request) string {
	why := s.LimitHit()
	if prev != "" || why == "" || req.Script == nil {
		return prev
	}
	id := req.Script.ID
	msg := "script " + id + ": " + why
	if f := m.cf.Opts.Scripts.File(id); f != "" {
		msg = f + ": " + msg
	}
	return msg
}

// expiredKeys names the keys of store id whose TTL has passed, sorted.
func (m *model) expiredKeys(id uint32) []string {
	st := m.store(id).Clone()
	st.SetTime(base)
	return st.ActiveExpire()
}
