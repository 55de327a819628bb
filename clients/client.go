package clients

import (
	"fmt"
	"strconv"

	"github.com/locksim/locksim/sim"
)

// Redisson is one simulated JVM running a Redisson client: a UUID per
// incarnation (ConnectionManager id), the runtime its locks run on, the
// watchdog's renewal entries, and the threads of its workload.
type Redisson struct {
	opts *Options
	p    *sim.Proc
	rt   *jvm
	UUID string

	renewals map[string]*renewal // EXPIRATION_RENEWAL_MAP, by entry name

	// OnStart runs at every (re)start, after the client is ready; the
	// workload starts its threads here.
	OnStart func(c *Redisson)
	// OnUntimedWait, when set, is told when a thread's lock() waits on its
	// semaphore with no timeout (a negative ttl, #5503).
	OnUntimedWait func(threadID int64)
	// OnRenew, when set, is told of every watchdog renewal as it is sent:
	// the owner it renews for and the lease it asks for. It returns the tag
	// to label the request with and a function told of the outcome.
	OnRenew func(owner string, leaseMs int64) (tag string, done func(renewed bool, err error))
}

// renew sends one watchdog renewal for owner and hands its outcome to
// cb, telling OnRenew of both.
func (c *Redisson) renew(l *RLock, owner string, cb func(sim.Reply, error)) {
	tag, told := "", func(bool, error) {}
	if c.OnRenew != nil {
		tag, told = c.OnRenew(owner, l.internalLockLeaseTime)
	}
	req := RenewRequest(c.opts, l.Name, owner, l.internalLockLeaseTime)
	l.evalWriteTagged(tag, req.Script, req.Keys, req.Argv, func(res sim.Reply, err error) {
		told(err == nil && res.Kind == sim.KindInt && res.Int == 1, err)
		cb(res, err)
	})
}

// NewRedisson returns a client program with the given options.
func NewRedisson(opts Options) *Redisson {
	o := opts
	return &Redisson{opts: &o}
}

// Options returns the client's options.
func (c *Redisson) Options() *Options { return c.opts }

// Proc returns the process the client runs in.
func (c *Redisson) Proc() *sim.Proc { return c.p }

// Start is sim.Program.Start: a new incarnation gets a new UUID
// (ConfigSupport.createConnectionManager: UUID.randomUUID()) and empty
// state, as a restarted JVM has.
func (c *Redisson) Start(p *sim.Proc) {
	c.p = p
	c.rt = newJVM(p, c.opts)
	c.renewals = map[string]*renewal{}
	c.UUID = NewUUID(p)
	p.Trace("client-start").Str("uuid", c.UUID).Str("redisson", c.opts.Version).Bool("fair", c.opts.Fair).End()
	if c.OnStart != nil {
		c.OnStart(c)
	}
}

// Handle is sim.Program.Handle.
func (c *Redisson) Handle(p *sim.Proc, ev sim.Event) { c.rt.handle(ev) }

// NewUUID draws a version-4 UUID from the process's "uuid" stream.
func NewUUID(p *sim.Proc) string {
	r := p.Rand("uuid")
	a, b := r.Uint64(), r.Uint64()
	return fmt.Sprintf("%08x-%04x-4%03x-%04x-%012x", a>>32, (a>>16)&0xffff, a&0xfff, 0x8000|(b>>48)&0x3fff, b&0xffffffffffff)
}

// GetLock is getLock(name) / getFairLock(name) for one thread.
func (c *Redisson) GetLock(name string, threadID int64) *RLock {
	return &RLock{c: c, Name: name, ThreadID: threadID, internalLockLeaseTime: c.opts.LockWatchdogTimeout}
}

// After runs fn after d of virtual time in this client (a thread's sleep).
func (c *Redisson) After(d sim.Duration, fn func()) sim.TimerID { return c.rt.after(d, fn) }

// Exec sends a plain command with the client's executor rules.
func (c *Redisson) Exec(cmd []string, cb func(sim.Reply, error)) {
	c.rt.exec(sim.Request{Cmd: cmd}, cb)
}

// renewal is an ExpirationEntry: the threads holding a lock through this
// client under the watchdog, and the pending renewal timer.
type renewal struct {
	lock    *RLock // the lock object that scheduled it (3.8.1 renews its thread only)
	threads []int64
	counts  map[int64]int
	timer   sim.TimerID
	live    bool
}

func (r *renewal) first() (int64, bool) {
	if len(r.threads) == 0 {
		return 0, false
	}
	return r.threads[0], true
}

// renewEvery is the watchdog's period: internalLockLeaseTime / 3.
func (c *Redisson) renewEvery(l *RLock) sim.Duration {
	if c.opts.Mutations.WatchdogEveryLease {
		return sim.Duration(l.internalLockLeaseTime) * sim.Millisecond
	}
	return sim.Duration(l.internalLockLeaseTime/3) * sim.Millisecond
}

// lockName is RedissonLock.getLockName(threadId): the owner field.
func (c *Redisson) lockName(tid int64) string {
	if c.opts.Mutations.OwnerWithoutUUID {
		return strconv.FormatInt(tid, 10)
	}
	return c.UUID + ":" + strconv.FormatInt(tid, 10)
}

// scheduleExpirationRenewal starts or joins the watchdog of a lock held
// with leaseTime -1.
func (c *Redisson) scheduleExpirationRenewal(l *RLock) {
	if c.opts.Mutations.NoWatchdog {
		return
	}
	name := l.entryName()
	if c.opts.Version == "3.8.1" {
		// 3.8.1 RedissonLock.scheduleExpirationRenewal: one entry per lock and
		// client, renewing for the thread that created it.
		if c.renewals[name] != nil {
			return
		}
		r := &renewal{lock: l, live: true}
		c.renewals[name] = r
		r.timer = c.rt.after(c.renewEvery(l), func() { c.renew381(name, r) })
		return
	}
	// 3.16.8 RedissonBaseLock.scheduleExpirationRenewal: threads share
	// the entry, counted per thread; the first thread's id renews.
	if r := c.renewals[name]; r != nil {
		r.add(l.ThreadID)
		return
	}
	r := &renewal{lock: l, counts: map[int64]int{}, live: true}
	r.add(l.ThreadID)
	c.renewals[name] = r
	c.renewExpiration(name, l)
}

func (r *renewal) add(tid int64) {
	if r.counts[tid] == 0 {
		r.threads = append(r.threads, tid)
	}
	r.counts[tid]++
}

func (r *renewal) remove(tid int64) {
	if r.counts[tid] == 0 {
		return
	}
	r.counts[tid]--
	if r.counts[tid] == 0 {
		delete(r.counts, tid)
		for i, t := range r.threads {
			if t == tid {
				r.threads = append(r.threads[:i], r.threads[i+1:]...)
				break
			}
		}
	}
}

// renew381 is the 3.8.1 renewal task: send renew for the entry's thread;
// on completion remove the entry, then reschedule if the script returned 1;
// an error or 0 stops renewal.
func (c *Redisson) renew381(name string, r *renewal) {
	l := r.lock
	c.renew(l, l.lockName(), func(res sim.Reply, err error) {
		delete(c.renewals, name)
		if err != nil {
			c.p.Trace("renew-error").Str("lock", l.Name).Str("error", err.Error()).End()
			return
		}
		if res.Kind == sim.KindInt && res.Int == 1 {
			c.scheduleExpirationRenewal(l)
		}
	})
}

// renewExpiration is 3.16.8 RedissonBaseLock.renewExpiration: every
// internalLockLeaseTime/3, renew for the first thread; 1 → again, 0 →
// cancel, error → drop the entry.
func (c *Redisson) renewExpiration(name string, l *RLock) {
	r := c.renewals[name]
	if r == nil {
		return
	}
	r.timer = c.rt.after(c.renewEvery(l), func() {
		ent := c.renewals[name]
		if ent == nil {
			return
		}
		tid, ok := ent.first()
		if !ok {
			return
		}
		owner := c.lockName(tid)
		c.renew(l, owner, func(res sim.Reply, err error) {
			if err != nil {
				c.p.Trace("renew-error").Str("lock", l.Name).Str("error", err.Error()).End()
				if c.renewals[name] == ent {
					delete(c.renewals, name)
				}
				return
			}
			if res.Kind == sim.KindInt && res.Int == 1 {
				c.renewExpiration(name, l)
			} else {
				c.cancelAll(name)
			}
		})
	})
}

// cancelExpirationRenewal: 3.16.8 removes this thread (one count) and
// stops renewal when no thread is left; 3.8.1 stops the entry when it
// belongs to this thread (thisThread) or unconditionally.
func (c *Redisson) cancelExpirationRenewal(l *RLock, thisThread bool) {
	name := l.entryName()
	r := c.renewals[name]
	if r == nil {
		return
	}
	if c.opts.Version == "3.8.1" {
		if thisThread && r.lock.ThreadID != l.ThreadID {
			return
		}
		c.cancelAll(name)
		return
	}
	if thisThread {
		r.remove(l.ThreadID)
		if len(r.threads) > 0 {
			return
		}
	}
	c.cancelAll(name)
}

func (c *Redisson) cancelAll(name string) {
	if r := c.renewals[name]; r != nil {
		c.p.Cancel(r.timer)
		delete(c.renewals, name)
	}
}

// Renewing reports whether the watchdog is renewing lock name in this client.
func (c *Redisson) Renewing(name string) bool { return c.renewals[c.UUID+":"+name] != nil }
