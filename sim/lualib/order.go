package lualib

import (
	"math"
	"math/bits"

	lua "github.com/yuin/gopher-lua"
)

// NextOrder returns the keys of tb (those with a non-nil value) in the
// order Redis 7.0's Lua 5.1 visits them with lua_next, which is the order
// of the keys of a JSON object from cjson.encode, of a map from
// cmsgpack.pack and of a {map=...} or {set=...} reply. gopher-lua keeps
// keys in insertion order; Lua 5.1 keeps an array part, then a hash part
// laid out by the keys' hashes and collisions (ltable.c), so the two orders
// differ as soon as a table has two string keys.
//
// The hash part is rebuilt by replaying the table's history into a model of
// ltable.c. A table a constructor made (OP_NEWTABLE: see
// lua.LTable.Lua51ConstructorSizes), {} included, starts with the sizes it
// gave, and its keys are set in the order each was first set
// (lua.LTable.Lua51SetOrder), which is exact unless keys were set to nil:
// Lua 5.1 keeps a removed key's node until the next rehash, and even
// assigning nil to an absent key takes a node. A table made by Go code (the
// libraries' replies, cjson.decode; cmsgpack.unpack's are replayed by
// History) has no sizes, its array part set in ascending order, then its
// other keys in the order they were first set. Keys that are tables,
// functions or userdata hash by address in Lua 5.1, an order no replay can
// know; they are given main position 0 here.
func NextOrder(tb *lua.LTable) []lua.LValue {
	m, keys := replay(tb)
	if len(keys) < 2 {
		return keys
	}
	return m.order(keys[:0])
}

// replay builds the model of tb's history that NextOrder describes, and
// returns it with tb's keys (those with a value, in the order replayed).
func replay(tb *lua.LTable) (*tableModel, []lua.LValue) {
	var keys []lua.LValue
	na, nh, _ := tb.Lua51ConstructorSizes()
	m := newTableModel(na, nh)
	set := func(k lua.LValue) { keys = append(keys, k); m.set(k) }
	if !tb.Lua51SetOrder(set) {
		for k, _ := tb.Next(lua.LNil); k != lua.LNil; k, _ = tb.Next(k) {
			set(k) // gopher-lua's array part comes first, in ascending order
		}
	}
	return m, keys
}

// Border is luaH_getn, what # gives for tb in Redis's Lua: a border found
// by a binary search over the array part when its last slot is empty,
// else by unbound_search over the integer keys; the array part's size and
// whether the hash part is empty come from the model of tb's history (see
// NextOrder). For a sequence (1..n with values, no other positive integer
// key) every layout gives n; the layout matters only for tables with
// holes.
func Border(tb *lua.LTable) int {
	m, _ := replay(tb)
	return m.border(tb)
}

func (m *tableModel) border(tb *lua.LTable) int {
	has := func(i int) bool { return tb.RawGetInt(i) != lua.LNil }
	j := len(m.array)
	if j > 0 && !has(j) {
		return border(0, j, has)
	}
	if len(m.nodes) == 0 { // the hash part is the dummy node
		return j
	}
	i := j // unbound_search: i is zero or present, j is not
	j++
	for has(j) {
		i = j
		if j > math.MaxInt32/2 { // built with bad purposes: a linear search
			i = 1
			for has(i) {
				i++
			}
			return i - 1
		}
		j *= 2
	}
	return border(i, j, has)
}

// border is luaH_getn's binary search: i is zero or present, j is absent;
// it returns a present index (or zero) whose successor is absent.
func border(i, j int, has func(int) bool) int {
	for j-i > 1 {
		if k := (i + j) / 2; !has(k) {
			j = k
		} else {
			i = k
		}
	}
	return i
}

// History remembers how the libraries built their tables, key by key,
// for the script that runs: for the tables cmsgpack.unpack makes it knows
// what NextOrder would have to guess (integer keys set among string keys,
// keys set to nil, which still take a node in Lua 5.1). A script cannot
// keep a table past its end (the globals are read-only), so the host
// forgets everything when a script ends.
type History struct {
	tables map[*lua.LTable][]historyOp
}

type historyOp struct {
	key   lua.LValue
	isNil bool // lua_settable with a nil value
}

// record notes that key was set in t, to nil when isNil.
func (h *History) record(t *lua.LTable, key lua.LValue, isNil bool) {
	if h.tables == nil {
		h.tables = map[*lua.LTable][]historyOp{}
	}
	h.tables[t] = append(h.tables[t], historyOp{key, isNil})
}

// Forget drops every recorded table: the script ended.
func (h *History) Forget() {
	if len(h.tables) > 0 {
		clear(h.tables)
	}
}

// NextOrder is the package's NextOrder, exact for a table the libraries
// built: its recorded history is replayed, then whatever the script
// changed since (keys added, in gopher-lua's order; keys now nil).
func (h *History) NextOrder(tb *lua.LTable) []lua.LValue {
	m, n, ok := h.replay(tb)
	if !ok {
		return NextOrder(tb)
	}
	return m.order(make([]lua.LValue, 0, n))
}

// Border is the package's Border, with a recorded history when there is one.
func (h *History) Border(tb *lua.LTable) int {
	m, _, ok := h.replay(tb)
	if !ok {
		return Border(tb)
	}
	return m.border(tb)
}

// replay builds the model of a table the libraries built, from its
// recorded history; n is its number of keys with a value, ok false when
// nothing was recorded for it.
func (h *History) replay(tb *lua.LTable) (m *tableModel, n int, ok bool) {
	ops, ok := h.tables[tb]
	if !ok {
		return nil, 0, false
	}
	m = newTableModel(0, 0)
	seen := map[lua.LValue]bool{}
	for _, op := range ops {
		if op.isNil {
			m.setNil(op.key)
		} else {
			m.set(op.key)
		}
		seen[mapKey(op.key)] = true
	}
	for k, _ := tb.Next(lua.LNil); k != lua.LNil; k, _ = tb.Next(k) {
		n++
		if !seen[mapKey(k)] {
			m.set(k)
		}
	}
	for _, op := range ops {
		if tb.RawGet(op.key) == lua.LNil {
			m.setNil(op.key)
		}
	}
	return m, n, true
}

// mapKey makes -0 and 0 one key, as they are in a Lua table.
func mapKey(k lua.LValue) lua.LValue {
	if n, ok := k.(lua.LNumber); ok && n == 0 {
		return lua.LNumber(0)
	}
	return k
}

// maxBits is MAXBITS (ltable.c): the array part holds at most 2^26 slots.
const maxBits = 26

type modelNode struct {
	key  lua.LValue // nil: a free node
	used bool       // holds a value
	next int        // next node of the collision chain, -1 for none
}

// tableModel is the layout of a Lua 5.1 table (ltable.c), keys only.
type tableModel struct {
	array    []bool // array part: which slots hold a value
	nodes    []modelNode
	lastfree int // every free node is below it
}

func newTableModel(narray, nhash int) *tableModel {
	m := &tableModel{array: make([]bool, narray)}
	m.setNodeVector(nhash)
	return m
}

// setNodeVector is setnodevector: size rounded up to a power of 2, or the
// shared empty dummy node (no nodes here) for 0.
func (m *tableModel) setNodeVector(size int) {
	if size == 0 {
		m.nodes = nil
		m.lastfree = 0
		return
	}
	size = 1 << ceilLog2(size)
	m.nodes = make([]modelNode, size)
	for i := range m.nodes {
		m.nodes[i].next = -1
	}
	m.lastfree = size
}

// ceilLog2 is ceillog2 (lobject.h): ceil(log2(x)) for x >= 1.
func ceilLog2(x int) int { return bits.Len(uint(x - 1)) }

// luaStringHash is luaS_newlstr's hash in Redis's Lua, which hashes every
// byte (step 1; stock Lua 5.1 samples long strings).
func luaStringHash(s string) uint32 {
	h := uint32(len(s))
	for l1 := len(s); l1 >= 1; l1-- {
		h ^= (h << 5) + (h >> 2) + uint32(s[l1-1])
	}
	return h
}

// mainPosition is mainposition (ltable.c); the table has nodes.
func (m *tableModel) mainPosition(key lua.LValue) int {
	size := uint32(len(m.nodes))
	switch k := key.(type) {
	case lua.LNumber:
		n := float64(k)
		if n == 0 { // hashnum: -0 and 0 go to node 0
			return 0
		}
		b := math.Float64bits(n)
		a := uint32(b) + uint32(b>>32) // the two ints of the double, little-endian
		return int(a % ((size - 1) | 1))
	case lua.LString:
		return int(luaStringHash(string(k)) & (size - 1))
	case lua.LBool:
		if k {
			return int(1 & (size - 1))
		}
		return 0
	}
	return 0 // hashpointer: by address (cjson.null, a NULL pointer, is 0)
}

// arrayIndex is arrayindex: the key as a C int when it is an integral number.
func arrayIndex(key lua.LValue) (int, bool) {
	n, ok := key.(lua.LNumber)
	if !ok {
		return 0, false
	}
	k := lua.Lua51Int(float64(n))
	if float64(k) != float64(n) {
		return 0, false
	}
	return int(k), true
}

func rawEqual(a, b lua.LValue) bool {
	if x, ok := a.(lua.LNumber); ok {
		y, ok := b.(lua.LNumber)
		return ok && x == y
	}
	return a == b
}

// find returns the node holding key, or -1.
func (m *tableModel) find(key lua.LValue) int {
	if len(m.nodes) == 0 {
		return -1
	}
	for i := m.mainPosition(key); i >= 0; i = m.nodes[i].next {
		if m.nodes[i].key != nil && rawEqual(m.nodes[i].key, key) {
			return i
		}
	}
	return -1
}

// set is luaH_set followed by storing a non-nil value.
func (m *tableModel) set(key lua.LValue) {
	if k, ok := arrayIndex(key); ok && k >= 1 && k <= len(m.array) {
		m.array[k-1] = true
		return
	}
	if i := m.find(key); i >= 0 {
		m.nodes[i].used = true
		return
	}
	m.newKey(key)
}

// setNil is luaH_set with a nil value: a new key still takes its slot or
// node, which a later key may reuse (newkey overwrites a node whose value
// is nil) but getfreepos does not, until a rehash drops it.
func (m *tableModel) setNil(key lua.LValue) {
	if !m.clear(key) {
		m.newKey(key) // may rehash the key into the array part
		m.clear(key)
	}
}

// clear empties key's slot or node; false when the table has neither.
func (m *tableModel) clear(key lua.LValue) bool {
	if k, ok := arrayIndex(key); ok && k >= 1 && k <= len(m.array) {
		m.array[k-1] = false
		return true
	}
	if i := m.find(key); i >= 0 {
		m.nodes[i].used = false
		return true
	}
	return false
}

// getFreePos is getfreepos.
func (m *tableModel) getFreePos() int {
	for m.lastfree > 0 {
		m.lastfree--
		if m.nodes[m.lastfree].key == nil {
			return m.lastfree
		}
	}
	return -1
}

// newKey is newkey: the key goes to its main position, or a colliding
// node that is not in its own main position moves to a free node, or the
// key goes to a free node chained after its main position; with no free
// node the table is rehashed.
func (m *tableModel) newKey(key lua.LValue) {
	if len(m.nodes) == 0 {
		m.rehash(key)
		m.set(key)
		return
	}
	mp := m.mainPosition(key)
	if m.nodes[mp].used {
		n := m.getFreePos()
		if n < 0 {
			m.rehash(key)
			m.set(key)
			return
		}
		othern := m.mainPosition(m.nodes[mp].key)
		if othern != mp {
			for m.nodes[othern].next != mp {
				othern = m.nodes[othern].next
			}
			m.nodes[othern].next = n
			m.nodes[n] = m.nodes[mp]
			m.nodes[mp].next = -1
			m.nodes[mp].used = false
		} else {
			m.nodes[n].next = m.nodes[mp].next
			m.nodes[mp].next = n
			mp = n
		}
	}
	m.nodes[mp].key = key
	m.nodes[mp].used = true
}

// countInt is countint.
func countInt(key lua.LValue, nums *[maxBits + 1]int) int {
	if k, ok := arrayIndex(key); ok && k > 0 && k <= 1<<maxBits {
		nums[ceilLog2(k)]++
		return 1
	}
	return 0
}

// numUseArray is numusearray.
func (m *tableModel) numUseArray(nums *[maxBits + 1]int) int {
	ause := 0
	i := 1
	for lg, ttlg := 0, 1; lg <= maxBits; lg, ttlg = lg+1, ttlg*2 {
		lc := 0
		lim := ttlg
		if lim > len(m.array) {
			lim = len(m.array)
			if i > lim {
				break
			}
		}
		for ; i <= lim; i++ {
			if m.array[i-1] {
				lc++
			}
		}
		nums[lg] += lc
		ause += lc
	}
	return ause
}

// computeSizes is computesizes.
func computeSizes(nums *[maxBits + 1]int, narray *int) int {
	a, na, n := 0, 0, 0
	for i, twotoi := 0, 1; twotoi/2 < *narray; i, twotoi = i+1, twotoi*2 {
		if nums[i] > 0 {
			a += nums[i]
			if a > twotoi/2 {
				n = twotoi
				na = a
			}
		}
		if a == *narray {
			break
		}
	}
	*narray = n
	return na
}

// rehash is rehash followed by resize.
func (m *tableModel) rehash(ek lua.LValue) {
	var nums [maxBits + 1]int
	nasize := m.numUseArray(&nums)
	totaluse := nasize
	for i := len(m.nodes) - 1; i >= 0; i-- { // numusehash
		if m.nodes[i].used {
			nasize += countInt(m.nodes[i].key, &nums)
			totaluse++
		}
	}
	nasize += countInt(ek, &nums)
	totaluse++
	na := computeSizes(&nums, &nasize)
	m.resize(nasize, totaluse-na)
}

// resize is resize: a new hash part, the vanishing array slice and then
// the old nodes, last to first, inserted again.
func (m *tableModel) resize(nasize, nhsize int) {
	oldarray := m.array
	oldnodes := m.nodes
	if nasize > len(oldarray) {
		grown := make([]bool, nasize)
		copy(grown, oldarray)
		m.array = grown
	}
	m.setNodeVector(nhsize)
	if nasize < len(oldarray) {
		m.array = oldarray[:nasize]
		for i := nasize; i < len(oldarray); i++ {
			if oldarray[i] {
				m.set(lua.LNumber(i + 1))
			}
		}
	}
	for i := len(oldnodes) - 1; i >= 0; i-- {
		if oldnodes[i].used {
			m.set(oldnodes[i].key)
		}
	}
}

// order is luaH_next's order: the array part, then the hash part's nodes.
func (m *tableModel) order(dst []lua.LValue) []lua.LValue {
	for i, used := range m.array {
		if used {
			dst = append(dst, lua.LNumber(i+1))
		}
	}
	for _, n := range m.nodes {
		if n.used {
			dst = append(dst, n.key)
		}
	}
	return dst
}
