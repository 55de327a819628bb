package mainjob

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/gate"
	"github.com/locksim/locksim/verdict"
)

// View is what the command tells Render about the job it ran.
type View struct {
	Seeds string // the seed range, LO-HI
}

// Render writes the main job's report: the runs, the algorithms left out,
// one table per property (a row per algorithm, a column per preset) with
// the mechanisms below it, the coverage summary when the job is complete,
// the confirmations, and the known flaws and unexpected bugs with the
// command that reproduces each.
func Render(w io.Writer, r *gate.Result, v View) error {
	algos := r.Algos
	fmt.Fprintf(w, "simrun: %d algorithms × %d presets × seeds %s (%d runs); properties checked: %s\n",
		len(algos), len(r.Presets), v.Seeds, r.Runs, strings.Join(verdict.Properties, ", "))
	if r.Job != "" {
		fmt.Fprintf(w, "job: %s (%s): its presets, settings and catalogue\n", r.Job, r.JobFile)
	}
	for _, a := range algos {
		if o, ok := r.Settings[a]; ok {
			fmt.Fprintf(w, "settings of %s: %s\n", a, o)
		}
	}
	switch {
	case r.Scripts != "":
		fmt.Fprintf(w, "scripts: %s (the Redisson algorithms run on them)\n", r.Scripts)
	case r.Mutant != "":
		fmt.Fprintf(w, "mutant: %s\n", r.Mutant)
	}
	for _, a := range clients.Algorithms {
		// a job file's algorithms are its own choice: the job line names it
		if !slices.Contains(algos, a) && r.Job == "" {
			fmt.Fprintf(w, "left out: %s (not in --algos)\n", a)
		}
	}
	if r.ShardsOf > 1 {
		var have []string
		for i := range r.ShardsOf {
			if r.Shards&(1<<i) != 0 {
				have = append(have, fmt.Sprint(i+1))
			}
		}
		fmt.Fprintf(w, "shard %s of %d (shard i runs every %d-th seed from the i-th): simrun merge joins the shards' --json files into the whole job's report\n", strings.Join(have, ","), r.ShardsOf, r.ShardsOf)
	}
	if r.Done < r.Runs {
		fmt.Fprintf(w, "INTERRUPTED after %d of %d runs: cells marked - were not run, the others count only the runs that finished\n", r.Done, r.Runs)
	}
	fmt.Fprintln(w, "cell: ok, or how many runs showed a violation of each class, of the cell's runs: B = a bug (nothing explains it), K = a known flaw of the algorithm (the job's catalogue: jobspec/main.toml, or --job's), D = by design (a fault that struck the violation's actors, a lease that ran out, a contract action such as forceUnlock, asynchronous replication)")
	for _, prop := range verdict.Properties {
		fmt.Fprintf(w, "\n%-16s", prop)
		for _, p := range r.Presets {
			fmt.Fprintf(w, " %-12s", p)
		}
		fmt.Fprintln(w)
		for _, a := range algos {
			fmt.Fprintf(w, "%-16s", a)
			for _, p := range r.Presets {
				fmt.Fprintf(w, " %-12s", cellText(r.Cell(a, p, prop)))
			}
			fmt.Fprintln(w)
		}
		renderMechanisms(w, r, prop)
	}
	if r.Complete() && r.Statements != nil {
		io.WriteString(w, coverageSummary(r.Statements))
	}
	if !r.Unconfirmed {
		fmt.Fprintf(w, "\nmechanisms confirmed by counterfactual runs (every violation a fault explained, run again without that fault): %d confirmed, %d re-judged (another mechanism made them), the first of each cell:\n", r.Confirmed, r.Rejudged)
		printFindings(w, r.Rejudgements, r)
	}
	if known := firstOfEach(r, checks.Known); len(known) > 0 {
		fmt.Fprintln(w, "\nknown flaws (the job's catalogue: the flaw, its upstream reference and the release that fixed it), the first seed of each flaw and property:")
		printFindings(w, known, r)
	}
	unexpected := r.Unexpected()
	switch {
	case len(unexpected) > 0:
		fmt.Fprintln(w, "\nUNEXPECTED: violations no mechanism explains (bugs), the first seed of each cell and cause:")
		printFindings(w, unexpected, r)
	case r.Done < r.Runs:
		fmt.Fprintln(w, "\nno unexpected violation in the runs that finished (interrupted)")
	default:
		fmt.Fprintln(w, "\nno unexpected violation")
	}
	return nil
}

// renderMechanisms lists, under a property's table, each mechanism that
// made its violations and the runs it made them in, per algorithm and
// preset.
func renderMechanisms(w io.Writer, r *gate.Result, prop string) {
	type where struct {
		algo  string
		cells []string
	}
	var order []*gate.MechStat // one per label, in class order
	per := map[string][]where{}
	r.EachMech(prop, func(a, p string, m *gate.MechStat) {
		ws := per[m.Label]
		if ws == nil {
			order = append(order, m)
		}
		if len(ws) == 0 || ws[len(ws)-1].algo != a {
			ws = append(ws, where{algo: a})
		}
		ws[len(ws)-1].cells = append(ws[len(ws)-1].cells, fmt.Sprintf("%s %d", p, m.Runs()))
		per[m.Label] = ws
	})
	if len(order) == 0 {
		return
	}
	slices.SortStableFunc(order, func(a, b *gate.MechStat) int {
		if d := gate.Rank(a.Class) - gate.Rank(b.Class); d != 0 {
			return d
		}
		return strings.Compare(a.Label, b.Label)
	})
	for _, m := range order {
		name := m.Label
		if m.Ref != "" {
			name += " (" + m.Ref + ")"
		}
		var parts []string
		for _, x := range per[m.Label] {
			parts = append(parts, x.algo+": "+strings.Join(x.cells, ", "))
		}
		fmt.Fprintf(w, "  %s — runs: %s\n", name, strings.Join(parts, "; "))
	}
}

// firstOfEach is, for each mechanism label and property of class, its
// first finding in table order.
func firstOfEach(r *gate.Result, class checks.Class) []gate.Finding {
	var out []gate.Finding
	seen := map[string]bool{}
	for _, f := range r.Findings(class) {
		if k := f.Label + "/" + f.Property; !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	return out
}

// printFindings prints each finding with its command.
func printFindings(w io.Writer, fs []gate.Finding, r *gate.Result) {
	for _, f := range fs {
		fmt.Fprintf(w, "  %s %s: %s\n    %s\n", f.Algo, f.Preset, f.Text, r.Command(f))
	}
}

// cellText is the cell as a table shows it: ok, or the runs with a
// violation of each class present out of the cell's runs ("K3 D9/20": 3
// runs with a known flaw, 9 with one by design, of 20), or - when none of
// its runs finished (c nil).
func cellText(c *gate.Cell) string {
	if c == nil {
		return "-"
	}
	var parts []string
	for _, x := range []struct {
		mark string
		n    int
	}{{"B", c.Bug}, {"K", c.Known}, {"D", c.Design}} {
		if x.n > 0 {
			parts = append(parts, fmt.Sprintf("%s%d", x.mark, x.n))
		}
	}
	if len(parts) == 0 {
		return "ok"
	}
	return strings.Join(parts, " ") + fmt.Sprintf("/%d", c.Runs)
}
