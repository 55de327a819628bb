package model

import "github.com/locksim/locksim/sim"

// FlawLog is the known flaws' code paths the clients took, in the order
// they were noted (History.Flaws). A retry loop notes its acquire's paths
// at every iteration, fast-forwarded ones too, so one run can note a
// hundred thousand; a note keeps its time and which of the log's few
// (process, owner, path) triples it is, a quarter of a FlawAt's size.
// The zero FlawLog is empty and ready to use.
type FlawLog struct {
	notes []flawNote
	who   []flawWho
	index map[flawWho]int32 // who's positions
	last  int32             // the triple the last note took: a loop repeats it
}

type flawNote struct {
	at  sim.Time
	who int32
}

type flawWho struct{ proc, owner, flaw string }

// FlawLogOf is a log of fs, in their order.
func FlawLogOf(fs ...FlawAt) FlawLog {
	var l FlawLog
	for _, f := range fs {
		l.Add(f)
	}
	return l
}

// Add notes f after every note before it.
func (l *FlawLog) Add(f FlawAt) {
	w := flawWho{f.Proc, f.Owner, f.Flaw}
	k := l.last
	if int(k) >= len(l.who) || l.who[k] != w {
		var ok bool
		if k, ok = l.index[w]; !ok {
			if l.index == nil {
				l.index = map[flawWho]int32{}
			}
			k = int32(len(l.who))
			l.who = append(l.who, w)
			l.index[w] = k
		}
		l.last = k
	}
	l.notes = append(l.notes, flawNote{f.At, k})
}

// Len is how many notes the log has.
func (l *FlawLog) Len() int { return len(l.notes) }

// At is the i-th note, 0 ≤ i < Len().
func (l *FlawLog) At(i int) FlawAt {
	n := l.notes[i]
	w := l.who[n.who]
	return FlawAt{At: n.at, Proc: w.proc, Owner: w.owner, Flaw: w.flaw}
}
