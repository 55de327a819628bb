package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/locksim/locksim/verdict"
)

// progress shows how work that takes longer than a second goes, on
// stderr: on a terminal a bar with its rate and ETA; elsewhere (a CI log)
// a line at most every logEvery (runs done, unexpected so far, elapsed,
// ETA), so a long job is never silent. The jobs interleave their
// algorithms (gate.Run runs seed by seed), so a uniform rate gives an
// honest ETA. Wall-clock time here only paces the display; it never
// reaches a result.
type progress struct {
	w          io.Writer
	total      int
	what       string
	start      time.Time
	bar        *progressbar.ProgressBar
	done, bugs int
	active     bool // a terminal: the bar
	logged     time.Time
}

// logEvery is the least time between two progress lines in a log.
var logEvery = 10 * time.Second

func newProgress(stderr io.Writer, total int, what string) *progress {
	now := time.Now()
	return &progress{w: stderr, total: total, what: what, start: now, logged: now, active: isTerminal(stderr)}
}

// isTerminal reports whether w is a terminal (live progress goes only there).
func isTerminal(w io.Writer) bool {
	if g, ok := w.(*echoGuard); ok {
		w = g.w
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// add counts n finished items, bugs of them with a violation no
// mechanism explains.
func (p *progress) add(n, bugs int) {
	p.done += n
	p.bugs += bugs
	if !p.active {
		if now := time.Now(); now.Sub(p.logged) >= logEvery && p.done < p.total {
			p.logged = now
			fmt.Fprintln(p.w, p.line(now))
		}
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
	if bugs > 0 {
		p.bar.Describe(fmt.Sprintf("%s (%d unexpected)", p.what, p.bugs))
	}
	_ = p.bar.Add(n)
}

// line is a log's progress line at now.
func (p *progress) line(now time.Time) string {
	elapsed := now.Sub(p.start)
	eta := "?"
	if p.done > 0 {
		left := time.Duration(float64(elapsed) * float64(p.total-p.done) / float64(p.done))
		eta = left.Round(time.Second).String()
	}
	return fmt.Sprintf("simrun: %s: %d of %d runs, %d unexpected so far, %s elapsed, ETA %s", p.what, p.done, p.total, p.bugs, elapsed.Round(time.Second), eta)
}

// finish clears the bar.
func (p *progress) finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
	}
}

// meter shows each phase of a batch of runs on stderr (progress).
func meter(stderr io.Writer) verdict.Meter {
	return func(what string, n uint64) (tick func(bool), finish func()) {
		bar := newProgress(stderr, int(min(n, math.MaxInt32)), what)
		return func(bug bool) {
			b := 0
			if bug {
				b = 1
			}
			bar.add(1, b)
		}, bar.finish
	}
}
