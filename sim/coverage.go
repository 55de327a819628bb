package sim

import (
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"
)

// Statement coverage of scripts: which statements of each script the runs
// executed. A Redisson script is one line (the Java literals joined), so
// lines say nothing; a statement is what Statements splits the script
// into, and an instruction belongs to the statement its position in that
// split says. Counting costs nothing when it is off: the engine then runs
// the VM's own loop (third_party/gopher-lua SetCoverage).

// Coverage counts how often each instruction of each script ran. It is not
// safe for concurrent use: give each world its own and Merge them.
type Coverage struct {
	hits map[*lua.FunctionProto][]uint64
	// last is every instruction the script run last executed, in order
	// (the engine starts it afresh at each script): a run the world
	// elides adds what its read-only twin counted (Runs).
	last []Hit
}

// Hit is one instruction a script executed.
type Hit struct {
	proto *lua.FunctionProto
	pc    int
}

// Last returns a copy of the instructions the last script executed.
func (c *Coverage) Last() []Hit { return slices.Clone(c.last) }

// Add counts the instructions hits n more times: n runs that took the
// same path as the run they were taken from (Last).
func (c *Coverage) Add(hits []Hit, n uint64) {
	for _, x := range hits {
		h := c.hits[x.proto]
		if h == nil {
			h = make([]uint64, len(x.proto.Code))
			c.hits[x.proto] = h
		}
		h[x.pc] += n
	}
}

// NewCoverage returns an empty count.
func NewCoverage() *Coverage { return &Coverage{hits: map[*lua.FunctionProto][]uint64{}} }

// Merge adds o's counts to c.
func (c *Coverage) Merge(o *Coverage) {
	for p, h := range o.hits {
		mine := c.hits[p]
		if mine == nil {
			mine = make([]uint64, len(h))
			c.hits[p] = mine
		}
		for i, n := range h {
			mine[i] += n
		}
	}
}

func (c *Coverage) hit(p *lua.FunctionProto, pc int) {
	c.last = append(c.last, Hit{p, pc})
	h := c.hits[p]
	if h == nil {
		h = make([]uint64, len(p.Code))
		c.hits[p] = h
	}
	h[pc]++
}

// CountTo makes the engine count every instruction its scripts execute
// into c (nil: stop counting).
func (e *Engine) CountTo(c *Coverage) {
	e.cov = c
	if c == nil {
		e.L.SetCoverage(nil)
		return
	}
	e.L.SetCoverage(c.hit)
}

// Statement is one statement of a script and how often it ran.
type Statement struct {
	Index int // its place among the script's statements, from 0
	Text  string
	Runs  uint64
}

// structural are the statements that only shape control flow: their
// jumps may be folded into a neighbour's instructions, so they are not
// counted.
var structural = map[string]bool{"end": true, "else": true, "break": true, "do": true, "while true do": true}

// Statements returns sc's statements that do something, in order, with
// how often c saw each run (a statement runs when any of its instructions
// does); the keywords that only shape control flow (end, else, break) are
// left out.
func (c *Coverage) Statements(sc *Script) []Statement {
	texts, line := statementMap(sc)
	runs := make([]uint64, len(texts))
	code := make([]bool, len(texts))
	h := c.hits[sc.proto]
	for pc, l := range line {
		code[l] = true
		if pc < len(h) {
			runs[l] = max(runs[l], h[pc])
		}
	}
	var out []Statement
	for i, t := range texts {
		if !code[i] || structural[strings.TrimSuffix(t, ";")] {
			continue
		}
		out = append(out, Statement{Index: i, Text: t, Runs: runs[i]})
	}
	return out
}

// statementMap splits sc into statements and says, per instruction, which
// one it belongs to: the script compiled with a line break after every
// statement (Lua ignores the layout, so the instructions are the same; the
// function says so or falls back to the whole script as one statement).
func statementMap(sc *Script) ([]string, []int) {
	split := splitStatements(sc.Source)
	whole := func() ([]string, []int) { return []string{sc.Source}, make([]int, len(sc.proto.Code)) }
	chunk, err := parse.Parse(strings.NewReader(strings.Join(split, "\n")), "@"+chunkName)
	if err != nil {
		return whole()
	}
	p, err := lua.Compile(chunk, "@"+chunkName)
	if err != nil || !slices.Equal(p.Code, sc.proto.Code) || len(p.DbgSourcePositions) != len(p.Code) {
		return whole()
	}
	line := make([]int, len(p.Code))
	for pc, l := range p.DbgSourcePositions {
		line[pc] = min(max(l-1, 0), len(split)-1)
	}
	return split, line
}

// splitStatements cuts Lua source into statements: after every ';' and
// after then, do and else, and before end, else and elseif, outside strings
// and comments. Blank pieces are dropped.
func splitStatements(src string) []string {
	var out []string
	var cur strings.Builder
	flush := func() {
		if t := strings.TrimSpace(cur.String()); t != "" {
			out = append(out, t)
		}
		cur.Reset()
	}
	isWord := func(c byte) bool {
		return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(src) && src[j] != c {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(src))
			cur.WriteString(src[i:j])
			i = j
		case c == '[' && i+1 < len(src) && (src[i+1] == '[' || src[i+1] == '='),
			c == '-' && strings.HasPrefix(src[i:], "--"):
			// long strings and comments: copied whole, never cut
			end := len(src)
			if c == '-' {
				end = strings.IndexByte(src[i:], '\n')
				if end < 0 {
					end = len(src)
				} else {
					end += i
				}
				if k := strings.Index(src[i:], "--[["); k == 0 {
					if e := strings.Index(src[i:], "]]"); e >= 0 {
						end = i + e + 2
					}
				}
			} else if e := strings.Index(src[i:], "]]"); e >= 0 {
				end = i + e + 2
			}
			cur.WriteString(src[i:end])
			i = end
		case isWord(c) && (i == 0 || !isWord(src[i-1])):
			j := i
			for j < len(src) && isWord(src[j]) {
				j++
			}
			w := src[i:j]
			switch w {
			case "end", "else", "elseif":
				flush()
			}
			cur.WriteString(w)
			switch w {
			case "then", "do", "else":
				flush()
			}
			i = j
		case c == ';':
			cur.WriteByte(c)
			flush()
			i++
		default:
			cur.WriteByte(c)
			i++
		}
	}
	flush()
	return out
}

// Seen reports whether any run of sc was counted.
func (c *Coverage) Seen(sc *Script) bool { return c.hits[sc.proto] != nil }
