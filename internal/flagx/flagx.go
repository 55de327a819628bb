package flagx

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"strconv"
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
		return fmt.Errorf("%s is out of range: must be from %s to %s", s, r.Format(r.Min), r.Format(r.Max))
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

func parseInt64(s string) (int64, error) {
	v, err := strconv.ParseInt(s, 0, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not an integer", s)
	}
	return v, nil
}

func parseInt(s string) (int, error) {
	v, err := strconv.ParseInt(s, 0, strconv.IntSize)
	if err != nil {
		return 0, fmt.Errorf("%q is not an integer", s)
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
func PrintDefaults(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
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
