package mainjob

import (
	"fmt"
	"io"
	"strings"
)

// Render writes the report of d, a main job or a change: what the command
// prints and --out writes.
func (d Document) Render(w io.Writer, v View) error {
	if d.Change != nil {
		return RenderChange(w, d.Change, v)
	}
	return Render(w, d.Job, v)
}

// JSON is d as its JSON document (--json).
func (d Document) JSON() ([]byte, error) {
	if d.Change != nil {
		return ChangeJSON(d.Change)
	}
	return JobJSON(d.Job)
}

// JUnit is d's JUnit XML report (--junit).
func (d Document) JUnit(run JUnitRun) ([]byte, error) {
	if d.Change != nil {
		return ChangeJUnit(d.Change, run)
	}
	return JUnit(d.Job, run)
}

// Annotate writes a GitHub Actions annotation (an ::error line) for each
// mechanism a change fails on, or for each unexpected finding of a main
// job, with the command that reproduces it.
func (d Document) Annotate(w io.Writer) {
	if c := d.Change; c != nil {
		for _, f := range c.Failing() {
			fmt.Fprintf(w, "::error title=%s %s (%s)::%s%%0Afirst: %s%%0Areproduce: %s\n", f.Property, f.Label, f.Algo, ghEscape(f.Why), ghEscape(f.Text), ghEscape(c.Command(f)))
		}
		return
	}
	r := d.Job
	for _, f := range r.Unexpected() {
		fmt.Fprintf(w, "::error title=%s bug (%s, %s)::%s%%0Areproduce: %s\n", f.Property, f.Algo, f.Preset, ghEscape(f.Text), ghEscape(r.Command(f)))
	}
}

// ghEscape escapes a GitHub Actions annotation's message.
func ghEscape(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}
