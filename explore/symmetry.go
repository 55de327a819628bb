package explore

import (
	"bytes"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// Symmetry reduction. Every thread runs the same program and every
// process has as many threads, so a state whose threads (within a
// process) or processes are renamed behaves as the state itself with the
// same renaming: the scripts only compare owner names for equality, and
// the clients keep their threads, entries and tasks in the order of
// events, not of names. The search keeps one state per class of states
// equal up to such a renaming: its key in the visited set is the smallest
// encoding among the renamed copies, while what it expands is the state
// it first reached (kept as that key and the renaming back to it), so
// that every path it reports is a real one.
//
// Breadth-first, the first state reached of each class is the one the
// search without reduction would reach first too, by the same step of the
// same parent (the class's other members are reached later, or from
// later parents), and each finding is first met on such a state or step;
// so the reduction changes the counts, not the counterexamples or the
// findings. The soundness test checks both, and that the classes' sizes
// add up to the count without reduction.

// perm is one renaming: thread th becomes thread thr[th], process p
// process proc[p] (thr moves a process's threads together).
type perm struct {
	thr  [MaxThreads]uint8
	proc [MaxProcs]uint8
	inv  uint8 // the index of the inverse renaming
	// names maps each owner name (what the store holds, and a GET's reply
	// for set-uuid-getdel) to its new name; bits, for 4.7.0's unlock
	// latch keys, each process's hex request bits to the new process's.
	names map[string]string
	bits  [][2]string
}

// symmetric reports whether the search may use symmetry reduction on c.
func symmetric(c Config, cf *clients.Config) bool {
	switch {
	case c.NoSymmetry:
		return false
	case c.Scripts != "":
		// A script of the user's may tell owner names apart.
		return false
	case cf.Opts.Mutations.OwnerWithoutUUID:
		// Every process's thread t has the same owner name: renaming
		// threads within one process would rename the others' too.
		return false
	}
	return true
}

// makePerms lists the symmetry group of m: every permutation of the
// processes, combined with every permutation of each process's threads;
// the identity first. At most 4! with MaxThreads 4.
func (m *machine) makePerms() {
	m.perms = []perm{m.newPerm(identity(m.threads), identity(m.procs))}
	if !symmetric(m.cfg, m.clientCfg) || m.threads == 1 {
		return
	}
	m.perms = m.perms[:0]
	within := permutations(m.perProc)
	for _, pp := range permutations(m.procs) {
		// one permutation of threads per process, every combination
		idx := make([]int, m.procs)
		for {
			thr := make([]int, m.threads)
			for p := 0; p < m.procs; p++ {
				for t := 0; t < m.perProc; t++ {
					thr[p*m.perProc+t] = pp[p]*m.perProc + within[idx[p]][t]
				}
			}
			m.perms = append(m.perms, m.newPerm(thr, pp))
			p := 0
			for p < m.procs {
				if idx[p]++; idx[p] < len(within) {
					break
				}
				idx[p] = 0
				p++
			}
			if p == m.procs {
				break
			}
		}
	}
	for i := range m.perms {
		for j := range m.perms {
			if m.perms[j].undoes(&m.perms[i], m.threads) {
				m.perms[i].inv = uint8(j)
			}
		}
	}
}

func identity(n int) []int {
	xs := make([]int, n)
	for i := range xs {
		xs[i] = i
	}
	return xs
}

// permutations lists the permutations of 0..n-1 in lexicographic order.
func permutations(n int) [][]int {
	if n == 1 {
		return [][]int{{0}}
	}
	var out [][]int
	for _, rest := range permutations(n - 1) {
		for pos := 0; pos < n; pos++ {
			p := make([]int, 0, n)
			p = append(p, rest[:pos]...)
			p = append(p, n-1)
			p = append(p, rest[pos:]...)
			out = append(out, p)
		}
	}
	slices.SortFunc(out, slices.Compare)
	return out
}

// undoes reports whether q renames every thread back after g.
func (q *perm) undoes(g *perm, n int) bool {
	for th := 0; th < n; th++ {
		if q.thr[g.thr[th]] != uint8(th) {
			return false
		}
	}
	return true
}

func (m *machine) newPerm(thr, procs []int) perm {
	g := perm{names: map[string]string{}}
	for th, to := range thr {
		g.thr[th] = uint8(to)
		g.names[m.owners[th]] = m.owners[to]
	}
	for p, to := range procs {
		g.proc[p] = uint8(to)
		if m.clientCfg.Opts.UnlockLatch && p != to {
			g.bits = append(g.bits, [2]string{
				fmt.Sprintf("%016x", clients.RequestBits(procName(p))),
				fmt.Sprintf("%016x", clients.RequestBits(procName(to)))})
		}
	}
	return g
}

// rename is g on a name the store holds: an owner name, or 4.7.0's
// unlock latch key, named by its request id.
func (g *perm) rename(s string) string {
	if r, ok := g.names[s]; ok {
		return r
	}
	for _, b := range g.bits {
		if strings.Contains(s, b[0]) {
			// two processes' bits never meet in one name
			return strings.Replace(s, b[0], b[1], 1)
		}
	}
	return s
}

// permute sets n to s renamed by perms[gi].
func (m *machine) permute(n, s *state, gi int) {
	g := &m.perms[gi]
	msgs := n.msgs[:0]
	*n = *s
	for p := 0; p < m.procs; p++ {
		to := g.proc[p]
		n.clients[to], n.paused[to] = noClient, s.paused[p]
		if !s.crashed(p) {
			n.clients[to] = m.renameClient(p, s.clients[p], gi)
		}
	}
	for th := 0; th < m.threads; th++ {
		n.threads[g.thr[th]] = s.threads[th]
	}
	n.store = m.renameStore(s.store, gi)
	for _, q := range s.msgs {
		msgs = append(msgs, m.renamedMsg(q, g))
	}
	slices.SortFunc(msgs, m.cmpMsg)
	n.msgs = msgs
}

// canonKey appends to dst the key of s's class: the smallest encoding of
// its renamed copies. It returns the index of the renaming back from that
// copy to s, and the class's size (its distinct copies).
//
// The copies are encoded without being built (appendImage), and a copy
// whose keyspace alone already sorts after the best so far, and differs
// from s's, is not encoded at all: the keyspace's id comes first in the
// encoding. The class's size is the number of renamings over the number
// that leave s as it is (orbit and stabilizer).
func (m *machine) canonKey(s *state, dst []byte) ([]byte, uint8, int) {
	if len(m.perms) == 1 {
		return m.appendKey(s, dst), 0, 1
	}
	m.symIDs = m.symIDs[:0]
	for _, q := range s.msgs {
		m.symIDs = append(m.symIDs, m.msgID(q))
	}
	start := len(dst)
	dst = m.appendImage(s, 0, s.store, dst)
	own := len(dst)
	best, bestOrder, fixed := 0, bits.ReverseBytes32(s.store), 1
	for gi := 1; gi < len(m.perms); gi++ {
		st := m.renameStore(s.store, gi)
		order := bits.ReverseBytes32(st) // the order of its little-endian encoding
		if st != s.store && order > bestOrder {
			continue
		}
		m.symBuf = m.appendImage(s, gi, st, m.symBuf[:0])
		if bytes.Equal(m.symBuf, dst[start:own]) {
			fixed++
			continue
		}
		if bytes.Compare(m.symBuf, dst[own:]) < 0 || best == 0 && bytes.Compare(m.symBuf, dst[start:own]) < 0 {
			best, bestOrder = gi, order
			dst = append(dst[:own], m.symBuf...)
		}
	}
	if best == 0 {
		return dst[:own], 0, len(m.perms) / fixed
	}
	dst = append(dst[:start], dst[own:]...)
	return dst, m.perms[best].inv, len(m.perms) / fixed
}

// appendImage appends the encoding of s renamed by perms[gi] (st: its
// keyspace, renamed), in appendKey's layout but with the messages in flight
// in the order of their interned ids, which is cheaper than their
// content's order and as good for a key (realState sorts them again).
func (m *machine) appendImage(s *state, gi int, st uint32, dst []byte) []byte {
	g := &m.perms[gi]
	inv := &m.perms[g.inv]
	dst = appendID(dst, st)
	dst = append(dst, s.used[:m.usedLen()]...)
	for to := 0; to < m.procs; to++ {
		p := int(inv.proc[to])
		id := uint32(noClient)
		if !s.crashed(p) {
			id = m.renameClient(p, s.clients[p], gi)
		}
		dst = appendID(dst, id)
		dst = appendBool(dst, s.paused[p])
	}
	for i := 0; i < m.threads; i++ {
		t := s.threads[inv.thr[i]]
		dst = append(dst, t.next, t.Held)
		dst = appendBool(dst, t.InCall)
		dst = appendU(dst, pastCalls(t))
		dst = appendV(dst, int64(t.LeaseLeft))
		dst = appendV(dst, int64(t.CrashLeft))
		dst = appendV(dst, int64(t.RunLeft))
	}
	ids := m.symMsgs[:0]
	for _, id := range m.symIDs {
		ids = append(ids, m.renameMsg(id, gi))
	}
	slices.Sort(ids)
	m.symMsgs = ids
	dst = appendU(dst, uint64(len(ids)))
	for _, id := range ids {
		dst = appendID(dst, id)
	}
	return dst
}

// renameMsg is the interned message id renamed by perms[gi].
func (m *machine) renameMsg(id uint32, gi int) uint32 {
	if gi == 0 {
		return id
	}
	if r, ok := m.renameMsgL1.get(id, gi); ok {
		return r
	}
	r := m.msgID(m.renamedMsg(m.shared.msgs.vals.get(id), &m.perms[gi]))
	m.renameMsgL1.put(id, gi, r)
	return r
}

// renamedMsg is q renamed by g.
func (m *machine) renamedMsg(q msg, g *perm) msg {
	if q.kind == mRepl || q.kind == mAck {
		return q // the servers' own
	}
	p := int(q.proc)
	q.proc = g.proc[p]
	switch q.kind {
	case mPublish:
		if q.ch > 0 { // a fair waiter's own channel: 1 + its thread
			q.ch = 1 + g.thr[q.ch-1]
		}
		return q
	case mReply, mWait:
		q.reply = m.renameReply(q.reply, g)
	}
	if q.cmd.Thread != 0 {
		_, q.cmd.Thread = m.where(int(g.thr[m.threadOf(p, q.cmd.Thread)]))
	}
	if q.cmd.ReqN != 0 {
		q.cmd.ReqR = clients.RequestBits(procName(int(q.proc)))
	}
	return q
}

// realState decodes key, a class's key, into s as the state the search
// reached (renamed back by perms[back]), its messages in order.
func (m *machine) realState(key []byte, back uint8, s *state) {
	if len(m.perms) == 1 {
		m.decodeKey(key, s)
		return
	}
	m.decodeKey(key, &m.symState)
	m.permute(s, &m.symState, int(back))
}

// renameStore is store id renamed by perms[gi], memoized.
func (m *machine) renameStore(id uint32, gi int) uint32 {
	if gi == 0 {
		return id
	}
	if r, ok := m.renameStoreL1.get(id, gi); ok {
		return r
	}
	k := shiftKey{id, int64(gi)}
	r, ok := m.shared.renameStoreMemo.get(k)
	if !ok {
		g := &m.perms[gi]
		r = m.shared.renameStoreMemo.put(k, m.intern(m.store(id).Rename(g.rename)))
	}
	m.renameStoreL1.put(id, gi, r)
	return r
}

// renameClient is process p's client id renamed by perms[gi]: it becomes
// the client of process proc[p], its threads renamed, memoized.
func (m *machine) renameClient(p int, id uint32, gi int) uint32 {
	if gi == 0 {
		return id
	}
	if r, ok := m.renameClientL1.get(id, gi); ok {
		return r
	}
	k := shiftKey{id, int64(gi)}
	r, ok := m.shared.renameClientMemo.get(k)
	if !ok {
		g := &m.perms[gi]
		to := int(g.proc[p])
		c := m.client(id).Clone()
		c.Rename(procName(to), func(tid int64) int64 {
			_, t := m.where(int(g.thr[m.threadOf(p, tid)]))
			return t
		})
		r = m.shared.renameClientMemo.put(k, m.internClient(to, c))
	}
	m.renameClientL1.put(id, gi, r)
	return r
}

// renameReply is reply id renamed: only set-uuid-getdel's GET answers
// with a name.
func (m *machine) renameReply(id uint32, g *perm) uint32 {
	r := m.reply(id)
	if r.Kind != sim.KindBulk {
		return id
	}
	if to, ok := g.names[r.Str]; ok {
		return m.internReply(sim.Bulk(to))
	}
	return id
}

// renameTab is a worker's table of renamed ids: (id, renaming) → id, one
// row of len(perms) per id, dense, since it is read for every renamed
// copy of every state and the ids are small and dense.
type renameTab struct {
	perms int
	v     []uint32 // the renamed id + 1; 0 not yet known
}

func (t *renameTab) get(id uint32, gi int) (uint32, bool) {
	if i := int(id)*t.perms + gi; i < len(t.v) && t.v[i] != 0 {
		return t.v[i] - 1, true
	}
	return 0, false
}

func (t *renameTab) put(id uint32, gi int, r uint32) {
	i := int(id)*t.perms + gi
	if i >= len(t.v) {
		t.v = append(t.v, make([]uint32, max(i+1-len(t.v), len(t.v)))...)
	}
	t.v[i] = r + 1
}
