package gate

import (
	"context"
	"fmt"

	"github.com/locksim/locksim/clients"
)

// RunMutants judges each mutant of ms as a change (RunChange) over cfg's
// seeds, the mutants of one algorithm sharing its unmodified job; each is
// called with a mutant's index and its change as it is judged. It stops
// when ctx is cancelled, returning the changes judged so far.
func RunMutants(ctx context.Context, cfg Config, ms []clients.Mutant, each func(i int, c *Change)) ([]*Change, error) {
	bases := map[string]*Result{}
	var out []*Change
	for i, m := range ms {
		base := bases[m.Algo]
		if base == nil {
			b := cfg
			b.Algos, b.Scripts, b.Mutant, b.Base = []string{m.Algo}, "", "", nil
			b.What, b.NoCoverage = "unmodified "+m.Algo, true
			var err error
			if base, err = Run(ctx, b); err != nil {
				return out, fmt.Errorf("%s: %v", m.Algo, err)
			}
			if ctx.Err() != nil {
				return out, nil
			}
			bases[m.Algo] = base
		}
		c := cfg
		c.Algos, c.Scripts, c.Mutant, c.Base = []string{m.Algo}, "", m.Name, base
		c.What = "mutant " + m.Name
		ch, err := RunChange(ctx, c)
		if err != nil {
			return out, fmt.Errorf("%s: %v", m.Name, err)
		}
		if ctx.Err() != nil {
			return out, nil
		}
		out = append(out, ch)
		if each != nil {
			each(i, ch)
		}
	}
	return out, nil
}

// Failing are the change's failing deltas.
func (c *Change) Failing() []Delta {
	var out []Delta
	for _, d := range c.Deltas {
		if d.Fails {
			out = append(out, d)
		}
	}
	return out
}
