package interrupt

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
)

// Error is the cause of a context cancelled by a signal.
type Error struct{ Signal os.Signal }

func (e Error) Error() string { return "interrupted by " + e.Signal.String() }

// WithTrigger returns a context and the function that cancels it as the
// given signal would. Notify uses it; tests call trigger themselves.
func WithTrigger(parent context.Context) (ctx context.Context, trigger func(os.Signal), cancel func()) {
	ctx, cancelCause := context.WithCancelCause(parent)
	return ctx, func(s os.Signal) { cancelCause(Error{s}) }, func() { cancelCause(context.Canceled) }
}

// Notify returns a context cancelled by the first SIGINT or SIGTERM the
// process receives, and a stop function that releases the handler.
func Notify(parent context.Context) (ctx context.Context, stop func()) {
	ctx, trigger, cancel := WithTrigger(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			signal.Stop(ch) // a second signal acts as if none were caught
			trigger(s)
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel()
	}
}

// Signal returns the signal that cancelled ctx, or nil.
func Signal(ctx context.Context) os.Signal {
	var e Error
	if errors.As(context.Cause(ctx), &e) {
		return e.Signal
	}
	return nil
}

// ExitCode is the exit code for the signal that cancelled ctx, 128 plus
// its number, or 0 when no signal did.
func ExitCode(ctx context.Context) int {
	if s, ok := Signal(ctx).(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 0
}

// Run calls fn on a goroutine of its own and returns what it returns, or,
// as soon as ctx is cancelled, ctx's cause with ok false. fn is then left
// to finish on its own: the caller is expected to exit soon, having
// removed what fn was writing.
//
// A panic of fn is raised again in the caller's goroutine, where the caller
// can recover it.
func Run[T any](ctx context.Context, fn func() T) (result T, ok bool) {
	type outcome struct {
		r      T
		panicV any
	}
	done := make(chan outcome, 1)
	go func() {
		var o outcome
		defer func() {
			if p := recover(); p != nil {
				o.panicV = p
			}
			done <- o
		}()
		o.r = fn()
	}()
	take := func(o outcome) (T, bool) {
		if o.panicV != nil {
			panic(o.panicV)
		}
		return o.r, true
	}
	select {
	case o := <-done:
		return take(o)
	case <-ctx.Done():
		// A result that is already there wins over the cancellation.
		select {
		case o := <-done:
			return take(o)
		default:
		}
		var zero T
		return zero, false
	}
}
