package main

import (
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/locksim/locksim/internal/flagx"
)

// maxErrLine bounds one write to stderr once the arguments in it are
// quoted: every message is one line naming a few values, and a line of a
// few kilobytes is already one nobody reads whole.
const maxErrLine = 4 << 10

// echoGuard is stderr for the command line args. The messages quote what
// they echo with flagx.Quote or flagx.Echo where the value is at hand;
// a message made deeper down (an unknown algorithm, a path in an error
// of the operating system's) may show an argument as it was given, or as
// strconv.Quote renders it. Every argument that such a showing could make
// misleading or long (flagx.NeedsQuote: a look-alike hyphen, a control
// character, more than flagx.MaxEcho bytes) is shown as flagx.Quote
// renders it wherever it appears, alone or as part of a longer string
// (a path under a directory given); a flag's value given as --flag=VALUE
// too. What is left of a write longer than maxErrLine is cut in its
// middle.
type echoGuard struct {
	w io.Writer
	r *strings.Replacer // nil: no argument needs quoting
}

func guardEcho(w io.Writer, args []string) io.Writer {
	var quoted []string
	add := func(s string) {
		if flagx.NeedsQuote(s) && !slices.Contains(quoted, s) {
			quoted = append(quoted, s)
		}
	}
	for _, a := range args {
		add(a)
		if rest, ok := strings.CutPrefix(a, "-"); ok {
			name, value, _ := strings.Cut(strings.TrimPrefix(rest, "-"), "=")
			add(name)
			add(value)
		}
	}
	// The longest first: an argument that holds another is replaced
	// whole.
	slices.SortStableFunc(quoted, func(a, b string) int { return len(b) - len(a) })
	g := &echoGuard{w: w}
	if len(quoted) > 0 {
		var pairs []string
		for _, s := range quoted {
			pairs = append(pairs, strconv.Quote(s), flagx.Quote(s), s, flagx.Quote(s))
		}
		g.r = strings.NewReplacer(pairs...)
	}
	return g
}

func (g *echoGuard) Write(p []byte) (int, error) {
	s := string(p)
	if g.r != nil {
		s = g.r.Replace(s)
	}
	if len(s) > maxErrLine {
		head, tail := maxErrLine/2, maxErrLine/4
		for head > 0 && !utf8.RuneStart(s[head]) {
			head--
		}
		for tail > 0 && !utf8.RuneStart(s[len(s)-tail]) {
			tail--
		}
		s = s[:head] + " … (cut) … " + s[len(s)-tail:]
	}
	if _, err := io.WriteString(g.w, s); err != nil {
		return 0, err
	}
	return len(p), nil
}
