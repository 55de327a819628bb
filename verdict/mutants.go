package verdict

import (
	"context"
	"fmt"
	"slices"
	"sort"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
)

// Caught returns the properties of vs (a mutant's run) that count as
// catching the mutant, and the first catching violation as told: a
// bug-class violation no known bug explains (Check's stamp: its property
// and a path the run took), or a known one whose property the real
// algorithm's run on the same seed and preset (baseline) does not have.
// A mutant only changes what it changes, so until its mistake acts the
// two runs are the same run; a difference in bug-class properties is the
// mistake's doing.
func Caught(vs, baseline []checks.Violation) ([]string, string) {
	inBase := map[string]bool{}
	for _, v := range baseline {
		if v.Class != checks.ByDesign {
			inBase[v.Property] = true
		}
	}
	var props []string
	detail := ""
	for _, v := range vs {
		if v.Class == checks.ByDesign || slices.Contains(props, v.Property) {
			continue
		}
		if !Known(v) || !inBase[v.Property] {
			props = append(props, v.Property)
			if detail == "" {
				detail = v.String()
			}
		}
	}
	sort.Strings(props)
	return props, detail
}

// MutantResult is what the sweeps made of one mutant.
type MutantResult struct {
	Mutant clients.Mutant
	Killed bool
	Seed   uint64 // the seed that killed it
	Preset string // the first preset (in sweep order) whose run caught it
	Checks []string
	Detail string // the first catching violation
	Seeds  int    // seeds run until the kill (or in all, when it survived)
}

// Baselines caches the real algorithms' violations by algorithm, preset
// and seed, so the mutants of one algorithm share its runs.
type Baselines map[string][]checks.Violation

// SweepMutant runs m seed after seed from lo to hi, every preset of a seed
// in one parallel batch, with the real algorithm's runs beside it (cached
// in base), and stops at the first seed that catches it or when ctx is
// cancelled.
func SweepMutant(ctx context.Context, m clients.Mutant, lo, hi uint64, presets []string, b Batch, base Baselines) (MutantResult, error) {
	res := MutantResult{Mutant: m}
	for k := uint64(0); k < hi-lo+1 && !res.Killed && ctx.Err() == nil; k++ {
		s := lo + k
		var cfgs, missing []clients.RunConfig // the mutant's runs, then the missing baselines
		var keys []string
		for _, p := range presets {
			cfgs = append(cfgs, clients.RunConfig{Algo: m.Algo, Seed: s, Preset: p, Mutant: m.Name})
			if key := fmt.Sprintf("%s/%s/%d", m.Algo, p, s); base[key] == nil {
				keys = append(keys, key)
				missing = append(missing, clients.RunConfig{Algo: m.Algo, Seed: s, Preset: p})
			}
		}
		cfgs = append(cfgs, missing...)
		vs, err := b.All(cfgs)
		if err != nil {
			return res, err
		}
		for i, k := range keys {
			base[k] = append([]checks.Violation{}, vs[len(presets)+i]...) // non-nil: cached
		}
		res.Seeds++
		for i, p := range presets {
			props, detail := Caught(vs[i], base[fmt.Sprintf("%s/%s/%d", m.Algo, p, s)])
			if len(props) > 0 {
				res.Killed, res.Seed, res.Preset, res.Checks, res.Detail = true, s, p, props, detail
				break
			}
		}
	}
	return res, nil
}
