package explore

import (
	"math"
	"slices"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// Interning: every keyspace, client and reply a state refers to is kept
// once, by id, in tables the workers share (tables.go).

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

// newShared makes a search's empty tables, each memo with the hash that
// spreads its keys over its shards.
func newShared() *shared {
	return &shared{stores: newInterned[storeEntry](), replies: newInterned[sim.Reply](), clients: newInterned[clientEntry](), msgs: newInterned[msg](),
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
}

// storeEntry is an interned keyspace with what the search needs of it at
// once: the relative times where it changes on its own or a comparison
// flips, and what it breaks of the store's invariants.
type storeEntry struct {
	store    *sim.Store
	points   []int64
	findings []checks.Violation
	// expiredBy: with a replica, how long from now (ms) the background
	// expiry has left to delete the expired keys the store still holds
	// (the first expiry + ExpireCyclePeriod), MaxInt64 when there are none.
	expiredBy int64
}

// clientEntry is an interned client with the channels it is subscribed to.
type clientEntry struct {
	client *clients.Client
	subs   uint16
}

func (m *machine) store(id uint32) *sim.Store       { return m.shared.stores.vals.get(id).store }
func (m *machine) pointsOf(id uint32) []int64       { return m.shared.stores.vals.get(id).points }
func (m *machine) reply(id uint32) sim.Reply        { return m.shared.replies.vals.get(id) }
func (m *machine) client(id uint32) *clients.Client { return m.shared.clients.vals.get(id).client }
func (m *machine) subMask(id uint32) uint16         { return m.shared.clients.vals.get(id).subs }
func (m *machine) storeFindings(id uint32) []checks.Violation {
	return m.shared.stores.vals.get(id).findings
}
func (m *machine) expiredBy(id uint32) int64 { return m.shared.stores.vals.get(id).expiredBy }

// intern returns the id of store s, adding it when new.
func (m *machine) intern(s *sim.Store) uint32 {
	if m.replica {
		m.keyBuf = s.AppendCanonicalWithExpired(m.keyBuf[:0])
	} else {
		m.keyBuf = s.AppendCanonical(m.keyBuf[:0])
	}
	if id, ok := m.shared.stores.lookup(m.keyBuf); ok {
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
		pts = append(pts, p-base, p-base-m.clientCfg.Opts.ThreadWaitTime)
	}
	slices.Sort(pts)
	e := storeEntry{store: s, points: slices.Compact(pts), findings: m.storeInvariants(s), expiredBy: math.MaxInt64}
	if first, ok := s.OldestExpired(); ok && m.replica {
		e.expiredBy = first + sim.ExpireCyclePeriod.Ms() - base
	}
	return m.shared.stores.add(m.keyBuf, e, nil)
}

func (m *machine) internReply(r sim.Reply) uint32 {
	k := r.String()
	if id, ok := m.shared.replies.lookup([]byte(k)); ok {
		return id
	}
	return m.shared.replies.add([]byte(k), r, nil)
}

// internClient returns the id of process p's client c (a client belongs
// to its process: its UUID is the process's name).
func (m *machine) internClient(p int, c *clients.Client) uint32 {
	m.keyBuf = append(m.keyBuf[:0], byte(p))
	m.keyBuf = c.AppendKey(m.keyBuf)
	if id, ok := m.shared.clients.lookup(m.keyBuf); ok {
		return id
	}
	var mask uint16
	for i, ch := range m.channels {
		if c.Subscribed(ch) {
			mask |= 1 << i
		}
	}
	return m.shared.clients.add(m.keyBuf, clientEntry{client: c, subs: mask}, nil)
}
