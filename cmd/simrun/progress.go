package main

import (
	"io"
	"math"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/locksim/locksim/verdict"
)

// progress shows a progress bar with rate and ETA on stderr for work that
// takes longer than a second, and only when stderr is a terminal: output
// that goes to a file or a CI log stays exactly the run's results.
// Wall-clock time here only paces the bar; it never reaches a result.
type progress struct {
	w      io.Writer
	total  int
	what   string
	start  time.Time
	bar    *progressbar.ProgressBar
	done   int
	active bool
}

func newProgress(stderr io.Writer, total int, what string) *progress {
	return &progress{w: stderr, total: total, what: what, start: time.Now(), active: isTerminal(stderr)}
}

// isTerminal reports whether w is a terminal (live progress goes only there).
func isTerminal(w io.Writer) bool {
	if g, ok := w.(*echoGuard); ok {
		w = g.w
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// add counts n finished items.
func (p *progress) add(n int) {
	p.done += n
	if !p.active {
		return
	}
	if p.bar == nil {
		if time.Since(p.start) < time.Second {
			return
		}
		p.bar = progressbar.NewOptions(p.total,
			progressbar.OptionSetWriter(p.w),
			progressbar.OptionSetDescription(p.what),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("runs"),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
		_ = p.bar.Add(p.done - n)
	}
	_ = p.bar.Add(n)
}

// finish clears the bar.
func (p *progress) finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
	}
}

// meter shows each phase of a batch of runs as a progress bar on stderr.
func meter(stderr io.Writer) verdict.Meter {
	return func(what string, n uint64) (tick, finish func()) {
		bar := newProgress(stderr, int(min(n, math.MaxInt32)), what)
		return func() { bar.add(1) }, bar.finish
	}
}
