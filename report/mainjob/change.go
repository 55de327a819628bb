package mainjob

import (
	"fmt"
	"io"
	"strings"

	"github.com/locksim/locksim/gate"
	"github.com/locksim/locksim/verdict"
)

// RenderChange writes the change's report: what it alters, the change's own
// job as the main job tells it, the comparison mechanism by mechanism,
// and the decision with the command that reproduces each failing
// mechanism's first run.
func RenderChange(w io.Writer, c *gate.Change, v View) error {
	change := "scripts " + c.Changed.Scripts
	if c.Changed.Mutant != "" {
		change = "mutant " + c.Changed.Mutant
	}
	fmt.Fprintf(w, "simrun: %s judged against the unmodified code, %d presets × seeds %s\n", change, len(c.Base.Presets), v.Seeds)
	for _, a := range c.Touched {
		fmt.Fprintf(w, "changed: %s (%s)\n", a, c.What[a])
	}
	if len(c.Untouched) > 0 {
		fmt.Fprintf(w, "not run: %s (the change alters none of the scripts their runs use)\n", strings.Join(c.Untouched, ", "))
	}
	if len(c.Touched) == 0 {
		fmt.Fprintln(w, "\nPASSED: the change alters no run, so it brings nothing")
		return nil
	}
	fmt.Fprintf(w, "\nThe change's runs, as the main job tells them:\n\n")
	if err := Render(w, c.Changed, View{Seeds: v.Seeds}); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nCompared with the unmodified code: %s.\n", gate.Rule(c.Tests))
	if c.Base.Done < c.Base.Runs || c.Changed.Done < c.Changed.Runs {
		fmt.Fprintf(w, "\nINTERRUPTED (%d of %d unmodified runs, %d of %d changed runs): nothing is compared\n", c.Base.Done, c.Base.Runs, c.Changed.Done, c.Changed.Runs)
		return nil
	}
	same, fewer, failed := 0, 0, 0
	for _, d := range c.Deltas {
		switch {
		case d.OnlyChanged+d.OnlyBase == 0:
			same++
			continue
		case d.OnlyChanged <= d.OnlyBase && !d.Fails:
			fewer++
			continue
		}
		mark := "ok  "
		if d.Fails {
			mark = "FAIL"
			failed++
		}
		name := d.Label
		if d.Ref != "" {
			name += " (" + d.Ref + ")"
		}
		fmt.Fprintf(w, "  %s %s %s %s — unmodified %d, changed %d of %d runs: %s\n", mark, d.Algo, d.Property, name, d.Base, d.Changed, c.Changed.Runs/uint64(len(c.Touched)), d.Why)
		if d.Fails {
			fmt.Fprintf(w, "       first only in the change: %s seed %d: %s\n       %s\n", d.Preset, d.Seed, d.Text, c.Command(d))
		}
	}
	if same+fewer > 0 {
		fmt.Fprintf(w, "  and %d mechanisms showed in the same runs on both sides, %d in no more runs of the change than of their twins\n", same, fewer)
	}
	if failed > 0 {
		fmt.Fprintf(w, "\nFAILED: the change brings %d mechanisms the unmodified code does not explain\n", failed)
	} else {
		fmt.Fprintf(w, "\nPASSED: every mechanism of the change is one the unmodified code shows in as many of the same runs, within chance (properties checked: %s)\n", strings.Join(verdict.Properties, ", "))
	}
	return nil
}
