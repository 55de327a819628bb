package verdict

import (
	"strings"
	"testing"

	"github.com/locksim/locksim/checks"
)

// Every flaw of the catalogue says what it does, where it is known from
// (its upstream issue and the release that fixed it, or the Java lines it
// ports) and how it is recognised (properties and causes), and the
// references reviewers checked upstream stay beside their entries.
func TestCatalogueReferences(t *testing.T) {
	names := map[string]bool{}
	for _, f := range Default.Job.Flaws {
		if names[f.Name] {
			t.Errorf("%s is catalogued twice", f.Name)
		}
		names[f.Name] = true
		if f.What == "" || f.Java == "" && f.Ref == "" || len(f.Props) == 0 || len(f.Causes) == 0 || len(f.Algos) == 0 {
			t.Errorf("%s lacks what it does, its Java lines, its properties, causes or algorithms", f.Name)
		}
	}
	for name, want := range map[string][]string{
		"lease-kept":                   {"#4818", "3.19.2", "8a54ce8f6", "#5623", "94d73b870"},
		"lock-returns-after-interrupt": {"#1593", "3.10.6", "c67c333fa"},
		"stale-subscription":           {"#4210", "#4700"},
		"renewal-cancelled-for-all":    {"#1966", "3.10.5", "deaca654c"},
	} {
		f := FlawNamed(name)
		if f == nil {
			t.Errorf("no flaw %s", name)
			continue
		}
		for _, w := range want {
			if !strings.Contains(f.Ref, w) {
				t.Errorf("%s: reference %q lacks %s", name, f.Ref, w)
			}
		}
	}
	// the reference reaches the reports: a known violation's mechanism
	// carries it
	v := checks.Violation{Property: "mutex", Class: checks.Bug, Mech: checks.Mechanism{Name: "kept-lease", Detail: "d"}}
	if m := mechanism(FlawNamed("lease-kept"), v.Mech.Detail, ""); m.Ref == "" || !strings.Contains(m.Label(), "flaw:lease-kept") {
		t.Errorf("the mechanism of lease-kept: %+v", m)
	}
}
