package gate

import (
	"cmp"
	"slices"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/sim"
)

// Cell is what one algorithm × preset × property gave over the job's
// seeds: how many runs, how many showed a violation of each class, and
// each mechanism with the seeds that showed it.
type Cell struct {
	Algo, Preset, Property string
	Runs                   int
	// Bug, Known and Design count the runs with at least one violation of
	// that class (a run may count in several).
	Bug, Known, Design int
	Mechs              []*MechStat // bugs first, then known flaws, then by design; by label
}

// MechStat is one mechanism of a cell.
type MechStat struct {
	Label string       `json:"label"` // checks.Mechanism.Label: "flaw:lease-kept"
	Class checks.Class `json:"class"`
	Ref   string       `json:"ref,omitempty"` // a flaw's upstream reference
	// Seeds are the seeds of the runs that showed it, in order: their
	// count is its rate, the first its example, and the comparison of a
	// change with its baseline pairs them run by run.
	Seeds []uint64 `json:"seeds"`
	// Text is the violation as told on the first seed, and At when it
	// happened (run --focus PROPERTY@SECONDS lands on it).
	Text string   `json:"text"`
	At   sim.Time `json:"at_us"`
}

// Runs is how many runs showed the mechanism.
func (m *MechStat) Runs() int { return len(m.Seeds) }

// First is the first seed that showed it.
func (m *MechStat) First() uint64 { return m.Seeds[0] }

// Rank orders classes as reports list them: bugs first.
func Rank(c checks.Class) int {
	switch c {
	case checks.Bug:
		return 0
	case checks.Known:
		return 1
	}
	return 2
}

// add counts one run's violations of the cell's property.
func (c *Cell) add(seed uint64, vs []checks.Violation) {
	c.Runs++
	var seen [3]bool
	for _, v := range vs {
		if v.Property != c.Property {
			continue
		}
		seen[Rank(v.Class)] = true
		label := v.Mech.Label()
		m := c.Mech(label)
		if m == nil {
			m = &MechStat{Label: label, Class: v.Class, Ref: v.Mech.Ref, Text: v.String(), At: v.At}
			c.Mechs = append(c.Mechs, m)
			c.sortMechs()
		}
		if n := len(m.Seeds); n == 0 || m.Seeds[n-1] != seed {
			m.Seeds = append(m.Seeds, seed)
		}
	}
	for k, n := range []*int{&c.Bug, &c.Known, &c.Design} {
		if seen[k] {
			*n++
		}
	}
}

// Mech is the cell's mechanism labelled label, nil when the cell (nil:
// none of its runs finished) has none.
func (c *Cell) Mech(label string) *MechStat {
	if c == nil {
		return nil
	}
	for _, m := range c.Mechs {
		if m.Label == label {
			return m
		}
	}
	return nil
}

func (c *Cell) sortMechs() {
	slices.SortStableFunc(c.Mechs, func(a, b *MechStat) int {
		return cmp.Or(cmp.Compare(Rank(a.Class), Rank(b.Class)), strings.Compare(a.Label, b.Label))
	})
}

// merge adds o (the same cell over other seeds: a shard) into c.
func (c *Cell) merge(o *Cell) {
	c.Runs += o.Runs
	c.Bug += o.Bug
	c.Known += o.Known
	c.Design += o.Design
	for _, om := range o.Mechs {
		m := c.Mech(om.Label)
		if m == nil {
			cp := *om
			cp.Seeds = slices.Clone(om.Seeds)
			c.Mechs = append(c.Mechs, &cp)
			continue
		}
		if len(om.Seeds) > 0 && (len(m.Seeds) == 0 || om.Seeds[0] < m.Seeds[0]) {
			m.Text, m.At = om.Text, om.At // the example is the first seed's
		}
		m.Seeds = append(m.Seeds, om.Seeds...)
		slices.Sort(m.Seeds)
		m.Seeds = slices.Compact(m.Seeds)
	}
	c.sortMechs()
}
