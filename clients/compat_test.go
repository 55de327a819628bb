package clients

import (
	"errors"

	"github.com/locksim/locksim/sim"
)

// The behaviour tests below read as Java does: a client object, a lock
// object per getLock, blocking calls with a continuation. tclient and
// tlock give them that shape on top of Host.

type tclient struct {
	*Host
	UUID    string
	p       *sim.Proc
	handles int
	onStart func(*tclient)
}

type (
	Redisson     = tclient
	SimpleClient = tclient
)

func newTestClient(algo string, o *Options) *tclient {
	cf, err := NewConfig(algo, "myLock")
	if err != nil {
		panic(err)
	}
	if o != nil {
		cf.Opts = *o
	}
	c := &tclient{Host: NewHost(cf)}
	c.Host.OnStart = func(h *Host) {
		c.UUID, c.p, c.handles = h.Client().UUID(), h.Proc(), 0
		if c.onStart != nil {
			c.onStart(c)
		}
	}
	return c
}

// NewRedisson is a Redisson client with options o.
func NewRedisson(o Options) *tclient {
	algo := "rlock-" + o.Version
	if o.Fair {
		algo = "fairlock-" + o.Version
	}
	return newTestClient(algo, &o)
}

// NewSimple is a client of a simple lock.
func NewSimple(kind SimpleKind) *tclient { return newTestClient(string(kind), nil) }

func (c *tclient) Proc() *sim.Proc { return c.p }

// Renewing reports whether the watchdog has an entry for the lock.
func (c *tclient) Renewing(string) bool { return c.Host.Client().Renewing() }

// GetLock is getLock(name): a new lock object for thread tid.
func (c *tclient) GetLock(_ string, tid int64) *tlock {
	l := &tlock{c: c, tid: tid, handle: c.handles}
	c.handles++
	return l
}

type tlock struct {
	c      *tclient
	tid    int64
	handle int
	used   bool
}

func (l *tlock) call(k CallKind, wait, lease int64, unit Unit, done func(Result)) {
	call := Call{Kind: k, Wait: wait, Lease: lease, Unit: unit, Handle: l.handle, Fresh: !l.used}
	l.used = true
	l.c.Call(l.tid, call, done)
}

// callError is a call's exception as an error.
type callError struct{ r Result }

func (e callError) Error() string { return e.r.Text }

func resErr(r Result) error {
	if r.Failed() {
		return callError{r}
	}
	return nil
}

// errKind is the kind of exception err is (ErrNone for nil).
func errKind(err error) ErrKind {
	var ce callError
	if errors.As(err, &ce) {
		return ce.r.Err
	}
	return ErrNone
}

func (l *tlock) Lock(lease int64, unit Unit, done func(error)) {
	l.call(CallLock, -1, lease, unit, func(r Result) { done(resErr(r)) })
}

func (l *tlock) TryLockNoWait(lease int64, unit Unit, done func(bool, error)) {
	if lease != -1 {
		l.call(CallTryLockWait, 0, lease, unit, func(r Result) { done(r.OK, resErr(r)) })
		return
	}
	l.call(CallTryLock, -1, -1, unit, func(r Result) { done(r.OK, resErr(r)) })
}

func (l *tlock) TryLock(wait, lease int64, unit Unit, done func(bool, error)) {
	l.call(CallTryLockWait, wait, lease, unit, func(r Result) { done(r.OK, resErr(r)) })
}

func (l *tlock) Unlock(done func(error)) {
	l.call(CallUnlock, -1, -1, Milliseconds, func(r Result) { done(resErr(r)) })
}

func (l *tlock) ForceUnlock(done func(bool, error)) {
	l.call(CallForceUnlock, -1, -1, Milliseconds, func(r Result) { done(r.OK, resErr(r)) })
}

func (l *tlock) IsHeldByCurrentThread(done func(bool, error)) {
	l.call(CallIsHeld, -1, -1, Milliseconds, func(r Result) { done(r.OK, resErr(r)) })
}

func (l *tlock) GetHoldCount(done func(int64, error)) {
	l.call(CallHoldCount, -1, -1, Milliseconds, func(r Result) { done(r.Value, resErr(r)) })
}

// Acquire is a simple lock's acquisition: wait -1 blocks, 0 tries once.
func (l *tlock) Acquire(waitMs, leaseMs int64, done func(bool, error)) {
	k := CallTryLockWait
	switch waitMs {
	case -1:
		k = CallLock
	case 0:
		k = CallTryLock
	}
	l.call(k, waitMs, leaseMs, Milliseconds, func(r Result) { done(r.OK, resErr(r)) })
}

func (l *tlock) Release(done func(error)) { l.Unlock(done) }
