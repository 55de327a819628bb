package run

import (
	"maps"
	"slices"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
)

// workloadOf is the run's workload: cfg.Workload when given (its StopAt,
// when 0, where drawWorkload puts it), else the one drawn from the seed.
func workloadOf(cfg Config) Workload {
	if cfg.Workload == nil {
		return drawWorkload(cfg)
	}
	wl := *cfg.Workload
	if wl.StopAt == 0 {
		wl.StopAt = sim.Time(cfg.Safety + cfg.Liveness/2)
	}
	if wl.Lock == "" {
		wl.Lock = "myLock"
	}
	return wl
}

// planOf is the run's plan for the processes names: a copy of cfg.Plan
// when given, else the preset's, drawn from the seed.
func planOf(cfg Config, names []string) (sim.Plan, error) {
	if cfg.Plan == nil {
		return sim.PlanFor(cfg.Seed, cfg.Preset, names, cfg.Safety, clients.Points(cfg.Algo))
	}
	p := *cfg.Plan
	p.Faults = slices.Clone(p.Faults)
	for i := range p.Faults {
		p.Faults[i].Index = i
	}
	p.ClientClocks = maps.Clone(p.ClientClocks)
	if p.ClientClocks == nil {
		p.ClientClocks = map[string]sim.Clock{}
	}
	return p, nil
}
