package clients

import (
	"errors"
	"fmt"

	"github.com/locksim/locksim/sim"
)

// Errors a Redisson call can end with, as the Java client throws them.
var (
	// ErrResponseTimeout is RedisResponseTimeoutException / RedisTimeoutException:
	// no reply within the command timeout (after the re-sends the version makes).
	ErrResponseTimeout = errors.New("RedisTimeoutException: no reply within the command timeout")
	// ErrWriteFailed is RedisConnectionException: the command could not be
	// written because there is no master to connect to.
	ErrWriteFailed = errors.New("RedisConnectionException: unable to write command into connection")
	// ErrSubscribeTimeout is the RedisTimeoutException of syncSubscription.
	ErrSubscribeTimeout = errors.New("RedisTimeoutException: subscribe timeout")
)

// ReplyError is an error reply from Redis (RedisException in Java).
type ReplyError struct{ Text string }

func (e *ReplyError) Error() string { return "RedisException: " + e.Text }

// SyncError is 3.16.8's failure of a batch whose WAIT saw fewer replicas
// than requested (#3994): the script ran, the caller sees an exception.
type SyncError struct{ Synced, Wanted int64 }

func (e *SyncError) Error() string {
	return fmt.Sprintf("RedisException: Only %d of %d slaves were synced", e.Synced, e.Wanted)
}

// jvm is the part of a simulated JVM that Redisson's locks run on: the
// command executor with its timeouts and re-sends, pub/sub subscriptions with
// their lock entries (semaphores), and timers. Callbacks stand in for Java's
// futures; they run inside the world's single event loop.
type jvm struct {
	p       *sim.Proc
	opts    *Options
	pending map[sim.ReqID]func(sim.Reply)
	entries map[string]*lockEntry // by entry name (RedissonLockEntry)
	byChan  map[string]*lockEntry // the same entries by channel
}

func newJVM(p *sim.Proc, opts *Options) *jvm {
	return &jvm{p: p, opts: opts, pending: map[sim.ReqID]func(sim.Reply){}, entries: map[string]*lockEntry{}, byChan: map[string]*lockEntry{}}
}

// after runs fn after d of virtual time (a Netty HashedWheelTimer task or a
// Java timed wait); the returned id cancels it.
func (rt *jvm) after(d sim.Duration, fn func()) sim.TimerID { return rt.p.After(d, fn) }

// handle dispatches one world event to the continuation waiting for it.
func (rt *jvm) handle(ev sim.Event) {
	switch ev.Kind {
	case sim.EvTimer:
		if fn, ok := ev.Tag.(func()); ok {
			fn()
		}
	case sim.EvReply:
		if cb := rt.pending[ev.Req]; cb != nil {
			delete(rt.pending, ev.Req)
			cb(ev.Reply)
		}
	case sim.EvMessage:
		if e := rt.byChan[ev.Channel]; e != nil {
			e.onMessage(ev.Message)
		}
	case sim.EvSubscribed:
		if e := rt.byChan[ev.Channel]; e != nil {
			e.onSubscribed()
		}
	}
}

// exec sends req with Redisson's command executor semantics
// (command/RedisExecutor): a response timeout of opts.Timeout (plus the
// WAIT timeout for a synced batch); when no master can be written to, a
// retry every RetryInterval up to RetryAttempts; after a response timeout,
// 3.16.8 re-sends the command (so an executed script can run twice) while
// 3.8.1 fails at once.
func (rt *jvm) exec(req sim.Request, cb func(sim.Reply, error)) {
	attempt := 0
	timeout := sim.Duration(rt.opts.Timeout) * sim.Millisecond
	if len(req.Batch) > 1 {
		timeout += sim.Second // BatchOptions.syncSlaves(..., 1, SECONDS)
	}
	var send func()
	send = func() {
		if !rt.p.World().MasterAvailable() {
			// RedisExecutor.scheduleRetryTimeout: the write failed.
			if attempt < rt.opts.RetryAttempts {
				attempt++
				rt.after(sim.Duration(rt.opts.RetryInterval)*sim.Millisecond, send)
				return
			}
			cb(sim.Reply{}, ErrWriteFailed)
			return
		}
		id := rt.p.Send(req)
		var timer sim.TimerID
		rt.pending[id] = func(r sim.Reply) {
			rt.p.Cancel(timer)
			cb(r, nil)
		}
		timer = rt.after(timeout, func() {
			delete(rt.pending, id)
			// RedisExecutor.scheduleResponseTimeout / isResendAllowed.
			if rt.opts.ResendOnTimeout && attempt < rt.opts.RetryAttempts {
				attempt++
				rt.p.Trace("resend").Int("req", int64(id)).Int("attempt", int64(attempt)).End()
				rt.after(sim.Duration(rt.opts.RetryInterval)*sim.Millisecond, send)
				return
			}
			cb(sim.Reply{}, ErrResponseTimeout)
		})
	}
	send()
}

// lockEntry is RedissonLockEntry: a subscription to one channel shared by
// the threads of the process that wait on it, and the semaphore (latch)
// that unlock messages release.
type lockEntry struct {
	rt         *jvm
	name       string
	channel    string
	refs       int
	subscribed bool
	onSub      []func()
	permits    int
	waiters    []*latchWaiter
}

type latchWaiter struct {
	timer sim.TimerID
	timed bool
	done  func(bool)
}

// subscribe is PublishSubscribe.subscribe: it joins (or creates) the entry
// and calls ready once the subscription is active.
func (rt *jvm) subscribe(entryName, channel string, ready func(*lockEntry)) *lockEntry {
	e := rt.entries[entryName]
	if e == nil {
		e = &lockEntry{rt: rt, name: entryName, channel: channel}
		rt.entries[entryName] = e
		rt.byChan[channel] = e
		rt.p.Subscribe(channel)
	}
	e.refs++
	if e.subscribed {
		ready(e)
	} else {
		e.onSub = append(e.onSub, func() { ready(e) })
	}
	return e
}

func (e *lockEntry) onSubscribed() {
	if e.subscribed {
		return
	}
	e.subscribed = true
	fns := e.onSub
	e.onSub = nil
	for _, fn := range fns {
		fn()
	}
}

// unsubscribe is PublishSubscribe.unsubscribe: the last user removes the
// entry and the channel subscription.
func (e *lockEntry) unsubscribe() {
	e.refs--
	if e.refs > 0 {
		return
	}
	rt := e.rt
	if rt.entries[e.name] == e {
		delete(rt.entries, e.name)
		delete(rt.byChan, e.channel)
		rt.p.Unsubscribe(e.channel)
	}
}

// onMessage is LockPubSub.onMessage: an unlock message ("0") releases one
// permit of the entry's semaphore.
func (e *lockEntry) onMessage(msg string) {
	if msg != unlockMessage {
		return
	}
	e.release()
}

func (e *lockEntry) release() {
	if len(e.waiters) > 0 {
		w := e.waiters[0]
		e.waiters = e.waiters[1:]
		if w.timed {
			e.rt.p.Cancel(w.timer)
		}
		w.done(true)
		return
	}
	e.permits++
}

// tryAcquire is Semaphore.tryAcquire(timeout, MILLISECONDS): a permit now,
// or the first release within timeout, or false. A timeout ≤ 0 does not wait.
func (e *lockEntry) tryAcquire(timeoutMs int64, done func(bool)) {
	if e.permits > 0 {
		e.permits--
		done(true)
		return
	}
	if timeoutMs <= 0 {
		done(false)
		return
	}
	w := &latchWaiter{timed: true, done: done}
	w.timer = e.rt.after(sim.Duration(timeoutMs)*sim.Millisecond, func() {
		for i, x := range e.waiters {
			if x == w {
				e.waiters = append(e.waiters[:i], e.waiters[i+1:]...)
				break
			}
		}
		done(false)
	})
	e.waiters = append(e.waiters, w)
}

// acquire is Semaphore.acquire(): wait with no timeout for a release.
func (e *lockEntry) acquire(done func()) {
	if e.permits > 0 {
		e.permits--
		done()
		return
	}
	e.waiters = append(e.waiters, &latchWaiter{done: func(bool) { done() }})
}
