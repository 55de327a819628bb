package interrupt

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"
)

// A real SIGINT and a real SIGTERM cancel the context with the signal as
// the cause; the exit codes are the shell's.
func TestNotify(t *testing.T) {
	for _, c := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		ctx, stop := Notify(context.Background())
		if err := syscall.Kill(os.Getpid(), c.sig); err != nil {
			t.Fatal(err)
		}
		select {
		case <-ctx.Done():
		case <-time.After(10 * time.Second):
			t.Fatalf("%v did not cancel the context", c.sig)
		}
		if Signal(ctx) != c.sig || ExitCode(ctx) != c.code {
			t.Fatalf("%v: signal %v, exit code %d (want %d)", c.sig, Signal(ctx), ExitCode(ctx), c.code)
		}
		stop()
	}
}

// stop without a signal cancels with no signal: exit code 0.
func TestStopIsNotASignal(t *testing.T) {
	ctx, stop := Notify(context.Background())
	stop()
	<-ctx.Done()
	if Signal(ctx) != nil || ExitCode(ctx) != 0 {
		t.Fatalf("signal %v, code %d", Signal(ctx), ExitCode(ctx))
	}
}

func TestRun(t *testing.T) {
	ctx, trigger, cancel := WithTrigger(context.Background())
	defer cancel()
	if r, ok := Run(ctx, func() int { return 7 }); !ok || r != 7 {
		t.Fatalf("got %d %v", r, ok)
	}
	release := make(chan struct{})
	defer close(release)
	go trigger(syscall.SIGTERM)
	if _, ok := Run(ctx, func() int { <-release; return 1 }); ok {
		t.Fatal("Run waited for fn after the signal")
	}
	if ExitCode(ctx) != 143 {
		t.Fatalf("exit code %d", ExitCode(ctx))
	}
}

func TestRunPanicReachesCaller(t *testing.T) {
	defer func() {
		if p := recover(); p != "boom" {
			t.Fatalf("recovered %v", p)
		}
	}()
	Run(context.Background(), func() int { panic("boom") })
	t.Fatal("Run returned")
}
