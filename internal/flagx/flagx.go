package flagx

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Range is a flag value of an ordered type that must lie in [Min, Max].
type Range[T cmp.Ordered] struct {
	P        *T
	Min, Max T
	Parse    func(string) (T, error)
	Format   func(T) string
}

// Set parses s and checks the range.
func (r Range[T]) Set(s string) error {
	v, err := r.Parse(s)
	if err != nil {
		return err
	}
	if v < r.Min || v > r.Max {
		return fmt.Errorf("%s is out of range: must be from %s to %s", Echo(s), r.Format(r.Min), r.Format(r.Max))
	}
	*r.P = v
	return nil
}

// String is the current value (the default, before parsing).
func (r Range[T]) String() string {
	if r.P == nil {
		return ""
	}
	return r.Format(*r.P)
}

// IntVar defines an int flag with default value that accepts only values
// from min to max; the range is added to the usage.
func IntVar(fs *flag.FlagSet, p *int, name string, value, min, max int, usage string) {
	*p = value
	fs.Var(Range[int]{P: p, Min: min, Max: max, Parse: parseInt, Format: strconv.Itoa},
		name, fmt.Sprintf("%s (%d to %d)", usage, min, max))
}

// Int64Var is IntVar for an int64.
func Int64Var(fs *flag.FlagSet, p *int64, name string, value, min, max int64, usage string) {
	*p = value
	fs.Var(Range[int64]{P: p, Min: min, Max: max, Parse: parseInt64, Format: func(v int64) string { return strconv.FormatInt(v, 10) }},
		name, fmt.Sprintf("%s (%d to %d)", usage, min, max))
}

// Uint64Var defines a uint64 flag read as plain decimal digits.
func Uint64Var(fs *flag.FlagSet, p *uint64, name string, value uint64, usage string) {
	*p = value
	fs.Var((*uint64Value)(p), name, usage)
}

type uint64Value uint64

func (v *uint64Value) String() string { return strconv.FormatUint(uint64(*v), 10) }

func (v *uint64Value) Set(s string) error {
	n, err := ParseUint(s)
	if err != nil {
		return err
	}
	*v = uint64Value(n)
	return nil
}

// isDecimal reports whether s is plain decimal digits, with a leading
// minus when signed: no base prefix (0x, 0o, 0b; a leading 0 is not
// octal), no underscores, no plus sign, no spaces. Every integer flag
// reads its value this way, so 010 is ten wherever it is given.
func isDecimal(s string, signed bool) bool {
	if signed && strings.HasPrefix(s, "-") {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// ParseInt reads s as a plain decimal integer (see isDecimal).
func ParseInt(s string) (int64, error) {
	if !isDecimal(s, true) {
		return 0, fmt.Errorf("%s is not an integer (plain decimal digits)", Quote(s))
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s is not an integer in range", Quote(s))
	}
	return v, nil
}

// ParseUint reads s as plain decimal digits, a non-negative integer.
func ParseUint(s string) (uint64, error) {
	if !isDecimal(s, false) {
		return 0, fmt.Errorf("%s is not a non-negative integer (plain decimal digits)", Quote(s))
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s is not an integer in range (at most %d)", Quote(s), uint64(1<<64-1))
	}
	return v, nil
}

func parseInt64(s string) (int64, error) { return ParseInt(s) }

func parseInt(s string) (int, error) {
	v, err := ParseInt(s)
	if err != nil {
		return 0, err
	}
	if int64(int(v)) != v {
		return 0, fmt.Errorf("%s is not an integer in range", Quote(s))
	}
	return int(v), nil
}

// Visited returns the names of the flags the command line set.
func Visited(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// PrintDefaults writes every flag of fs, its usage and its default to w,
// as flag.PrintDefaults does, with GNU-style double dashes. A flag whose
// default is the empty string shows none (its usage says what it means).
// The help flags Parse adds and Refused flags are not listed.
func PrintDefaults(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		v := unwrap(f.Value)
		switch v.(type) {
		case *helpValue, Refused:
			return
		}
		g := *f
		g.Value = v
		name, usage := flag.UnquoteUsage(&g)
		line := "  --" + f.Name
		if name != "" {
			line += " " + name
		}
		line += "\n    \t" + usage
		if f.DefValue != "" && f.DefValue != "false" {
			line += " (default " + f.DefValue + ")"
		}
		fmt.Fprintln(w, line)
	})
}

// Error is a flag refused: its value, or its use with the other flags.
// Flag names the flag (without dashes) and Why says what is wrong without
// naming it, so that the same check can be told about something else that
// stands for the flag (a field of a saved run header).
type Error struct {
	Flag string
	Why  string
	msg  string
}

func (e *Error) Error() string { return e.msg }

// Errorf is "--FLAG: WHY".
func Errorf(flag, format string, args ...any) *Error {
	why := fmt.Sprintf(format, args...)
	return &Error{Flag: flag, Why: why, msg: "--" + flag + ": " + why}
}

// Phrasef is "--FLAG WHY", for a why that continues the sentence ("does
// not apply to ...").
func Phrasef(flag, format string, args ...any) *Error {
	why := fmt.Sprintf(format, args...)
	return &Error{Flag: flag, Why: why, msg: "--" + flag + " " + why}
}

// Wrap is err, told as it is, about flag.
func Wrap(flag string, err error) *Error {
	return &Error{Flag: flag, Why: err.Error(), msg: err.Error()}
}

// valueError is a value that a flag's Set refused.
func valueError(flag, value string, err error) *Error {
	var r refusal
	if errors.As(err, &r) {
		return Phrasef(flag, "%s", string(r))
	}
	return &Error{Flag: flag, Why: err.Error(), msg: fmt.Sprintf("invalid value %s for flag --%s: %v", Quote(value), flag, err)}
}

// Refused is a flag that a command does not take although a related one
// does (sweep's --seed beside its --seeds): it is not listed by
// PrintDefaults, and giving it is an error that says why: "--NAME WHY".
type Refused string

func (Refused) String() string { return "" }

func (r Refused) Set(string) error { return refusal(r) }

type refusal string

func (r refusal) Error() string { return string(r) }

// strict wraps a flag's value so that a second Set fails and a refused
// value is remembered with the flag's name.
type strict struct {
	flag.Value
	name string
	set  bool
	err  *Error
}

func (s *strict) Set(v string) error {
	if s.set {
		s.err = &Error{Flag: s.name, Why: "given twice", msg: "flag --" + s.name + " given twice"}
		return s.err
	}
	if err := s.Value.Set(v); err != nil {
		if b, ok := s.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			err = fmt.Errorf("%s is not true or false", Quote(v)) // the flag package's own says "parse error"
		}
		s.err = valueError(s.name, v, err)
		return s.err
	}
	s.set = true
	return nil
}

// strictBool is strict for a boolean flag (one that takes no argument).
type strictBool struct{ *strict }

func (strictBool) IsBoolFlag() bool { return true }

type wrapped interface{ inner() flag.Value }

func (s *strict) inner() flag.Value { return s.Value }

func unwrap(v flag.Value) flag.Value {
	if w, ok := v.(wrapped); ok {
		return w.inner()
	}
	return v
}

func strictOf(v flag.Value) *strict {
	switch w := v.(type) {
	case *strict:
		return w
	case strictBool:
		return w.strict
	}
	return nil
}

// helpValue is the -h and --help flags Parse adds: true asks for help,
// false (--help=false) is as if not given.
type helpValue struct{ asked *bool }

func (h *helpValue) String() string { return "false" }

func (h *helpValue) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("%s is not true or false", Quote(s))
	}
	if v {
		*h.asked = true
	}
	return nil
}

func (h *helpValue) IsBoolFlag() bool { return true }

// Parse parses args into fs as fs.Parse does, and more strictly: a flag
// given twice is an error ("flag --X given twice") rather than the last
// one winning; -h, -help and --help ask for help (flag.ErrHelp) only when
// true (--help=false is no request); every error names the flag with two
// dashes, and one about a flag's value or use is an *Error. Parse may be
// called again on the rest of the arguments (a command whose flags come
// before and after its operands): a flag given in both parts is given
// twice.
func Parse(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard)
	var asked bool
	for _, name := range []string{"h", "help"} {
		if f := fs.Lookup(name); f == nil {
			fs.Var(&helpValue{asked: &asked}, name, "")
		} else if h, ok := f.Value.(*helpValue); ok {
			h.asked = &asked
		}
	}
	fs.VisitAll(func(f *flag.Flag) {
		if _, ok := f.Value.(wrapped); ok {
			return
		}
		if _, ok := f.Value.(*helpValue); ok {
			return
		}
		s := &strict{Value: f.Value, name: f.Name}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			f.Value = strictBool{s}
		} else {
			f.Value = s
		}
	})
	err := fs.Parse(args)
	if asked {
		return flag.ErrHelp // as fs.Parse does, help asked for wins over what follows it
	}
	if err == nil {
		return nil
	}
	var refused *Error
	fs.VisitAll(func(f *flag.Flag) {
		if s := strictOf(f.Value); s != nil && s.err != nil {
			refused = s.err
			s.err = nil
		}
	})
	if refused != nil {
		return refused
	}
	if errors.Is(err, flag.ErrHelp) {
		return err
	}
	// The flag package's own messages name the flag as it was typed:
	// with two dashes, and quoted when it holds what could mislead.
	msg := err.Error()
	for _, p := range []string{"flag provided but not defined: -", "flag needs an argument: -", "bad flag syntax: "} {
		if rest, ok := strings.CutPrefix(msg, p); ok {
			if p != "bad flag syntax: " {
				p += "-"
			}
			msg = p + Echo(rest)
		}
	}
	return errors.New(msg)
}
