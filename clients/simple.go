package clients

import (
	"strconv"

	"github.com/locksim/locksim/sim"
)

// CompareAndDelete is seed 003's (and seed 000's) atomic release script.
const CompareAndDelete = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"

var compareAndDeleteScript = mustCompile("simple/compare-and-delete", CompareAndDelete)

func mustCompile(id, src string) *sim.Script {
	s, err := sim.CompileScript(id, src)
	if err != nil {
		panic(err)
	}
	return s
}

// SimpleKind names one of seed 003's simple locks.
type SimpleKind string

// The simple locks, in the order seed 003 evolves them.
const (
	SetNXExpire   SimpleKind = "setnx-expire"    // SETNX then EXPIRE: two commands; DEL to release
	SetPX         SimpleKind = "set-px"          // SET k 1 NX PX: atomic; DEL to release, whoever holds it
	SetUUIDGetDel SimpleKind = "set-uuid-getdel" // SET k uuid NX PX; GET then DEL if it is ours: not atomic
	SetUUIDLua    SimpleKind = "set-uuid-lua"    // SET k uuid NX PX; compare-and-delete in one script
)

// SimplePoll is how often a simple lock's blocking acquire polls.
const SimplePoll = 100 * sim.Millisecond

// SimpleLease is seed 003's lease, which a simple lock gets when the
// caller gives none.
const SimpleLease = 30000

// SimpleValue is what a simple lock's key holds while owner has it: the
// owner for the UUID locks, "1" for the others.
func SimpleValue(kind SimpleKind, owner string) string {
	if kind == SetUUIDGetDel || kind == SetUUIDLua {
		return owner
	}
	return "1"
}

// ExpireCommand is setnx-expire's second command: EXPIRE takes whole
// seconds, so the lease is rounded up.
func ExpireCommand(name string, leaseMs int64) []string {
	return []string{"EXPIRE", name, strconv.FormatInt((leaseMs+999)/1000, 10)}
}

// SetPXCommand is the atomic acquire of the other simple locks.
func SetPXCommand(name, value string, leaseMs int64) []string {
	return []string{"SET", name, value, "NX", "PX", strconv.FormatInt(leaseMs, 10)}
}

// SimpleClient is a process using one of the simple locks: no pub/sub,
// no watchdog; blocking acquires poll every 100 ms; commands time out
// after 3 s and are not re-sent.
type SimpleClient struct {
	Kind    SimpleKind
	p       *sim.Proc
	rt      *jvm
	opts    Options
	UUID    string
	OnStart func(c *SimpleClient)
}

// NewSimple returns a simple-lock client program.
func NewSimple(kind SimpleKind) *SimpleClient {
	return &SimpleClient{Kind: kind, opts: Options{Timeout: 3000, RetryAttempts: 3, RetryInterval: 1500}}
}

// Options returns the client's command executor settings.
func (c *SimpleClient) Options() *Options { return &c.opts }

// Start is sim.Program.Start.
func (c *SimpleClient) Start(p *sim.Proc) {
	c.p = p
	c.rt = newJVM(p, &c.opts)
	c.UUID = NewUUID(p)
	p.Trace("client-start").Str("uuid", c.UUID).Str("lock", string(c.Kind)).End()
	if c.OnStart != nil {
		c.OnStart(c)
	}
}

// Handle is sim.Program.Handle.
func (c *SimpleClient) Handle(p *sim.Proc, ev sim.Event) { c.rt.handle(ev) }

// SimpleLock is one thread's handle on a simple lock.
type SimpleLock struct {
	c     *SimpleClient
	Name  string
	value string // what the lock key holds
	owner string // who holds it: UUID:threadId
	// Tag labels the commands sent for the current call (for the history's
	// observer; Redis never sees it).
	Tag string
	// lastTry is when the latest acquire attempt was sent (for the history).
	lastTry sim.Time
}

// GetLock returns thread tid's handle on lock name.
func (c *SimpleClient) GetLock(name string, tid int64) *SimpleLock {
	owner := c.UUID + ":" + strconv.FormatInt(tid, 10)
	return &SimpleLock{c: c, Name: name, value: SimpleValue(c.Kind, owner), owner: owner}
}

func (l *SimpleLock) exec(cmd []string, cb func(sim.Reply, error)) {
	l.c.rt.exec(sim.Request{Cmd: cmd, Tag: l.Tag}, func(r sim.Reply, err error) {
		if err == nil && r.Kind == sim.KindError {
			err = &ReplyError{r.Str}
		}
		cb(r, err)
	})
}

// tryOnce makes one acquisition attempt with lease leaseMs.
func (l *SimpleLock) tryOnce(leaseMs int64, done func(bool, error)) {
	l.lastTry = l.c.p.VirtualNow()
	if l.c.Kind == SetNXExpire {
		// if (setnx(key, 1) == 1) { expire(key, 30) }: a crash between the
		// two leaves a lock that never expires.
		l.exec([]string{"SETNX", l.Name, l.value}, func(r sim.Reply, err error) {
			if err != nil || r.Int != 1 {
				done(false, err)
				return
			}
			l.exec(ExpireCommand(l.Name, leaseMs), func(_ sim.Reply, err error) { done(true, err) })
		})
		return
	}
	l.exec(SetPXCommand(l.Name, l.value, leaseMs), func(r sim.Reply, err error) {
		done(err == nil && r.Kind == sim.KindStatus, err)
	})
}

// Acquire polls until it holds the lock or, when waitMs ≥ 0, the wait
// (measured on the process's wall clock) runs out.
func (l *SimpleLock) Acquire(waitMs, leaseMs int64, done func(bool, error)) {
	start := l.c.p.Now()
	var loop func()
	loop = func() {
		l.tryOnce(leaseMs, func(ok bool, err error) {
			if ok || err != nil {
				done(ok, err)
				return
			}
			if waitMs >= 0 && l.c.p.Now()-start+SimplePoll.Ms() > waitMs {
				done(false, nil)
				return
			}
			l.c.rt.after(SimplePoll, loop)
		})
	}
	loop()
}

// Release releases the lock the way the algorithm does.
func (l *SimpleLock) Release(done func(error)) {
	switch l.c.Kind {
	case SetNXExpire, SetPX:
		l.exec([]string{"DEL", l.Name}, func(_ sim.Reply, err error) { done(err) })
	case SetUUIDGetDel:
		// if (get(key) == uuid) { del(key) }: the lock can expire and be
		// taken by another between the two commands.
		l.exec([]string{"GET", l.Name}, func(r sim.Reply, err error) {
			if err != nil || r.Kind != sim.KindBulk || r.Str != l.value {
				done(err)
				return
			}
			l.exec([]string{"DEL", l.Name}, func(_ sim.Reply, err error) { done(err) })
		})
	case SetUUIDLua:
		l.c.rt.exec(sim.Request{Script: compareAndDeleteScript, Keys: []string{l.Name}, Argv: []string{l.value}, Tag: l.Tag}, func(_ sim.Reply, err error) { done(err) })
	}
}
