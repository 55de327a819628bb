package mainjob

import (
	"encoding/xml"
	"fmt"
	"slices"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/gate"
	"github.com/locksim/locksim/verdict"
)

// JUnitRun is what the command knows of the job it ran and the JUnit
// schema asks for: when it started (ISO 8601, no time zone), where, and
// how long it took.
type JUnitRun struct {
	Timestamp string
	Hostname  string
	Seconds   float64
}

// The Apache Ant JUnit schema (testdata/JUnit.xsd, the one CI systems
// read): a suite per algorithm, a test case per preset and property.
type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Suites  []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Timestamp  string          `xml:"timestamp,attr"`
	Hostname   string          `xml:"hostname,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Time       string          `xml:"time,attr"`
	Package    string          `xml:"package,attr"`
	ID         int             `xml:"id,attr"`
	Properties []junitProperty `xml:"properties>property"`
	Cases      []junitCase     `xml:"testcase"`
	SystemOut  string          `xml:"system-out"`
	SystemErr  string          `xml:"system-err"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Skipped   *struct{}     `xml:"skipped"`
	Failure   *junitFailure `xml:"failure"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// failureOf is the failure of one test case: its message, its type (the
// mechanism's label) and its text (the story and the command).
type failureOf func(algo, preset, prop string) *junitFailure

// JUnit is the job's JUnit XML: a test case fails when its cell shows a
// bug, with the first bug's story and the command that reproduces it.
func JUnit(r *gate.Result, run JUnitRun) ([]byte, error) {
	var storyErr error
	fail := func(algo, preset, prop string) *junitFailure {
		c := r.Cell(algo, preset, prop)
		var bugs []*gate.MechStat
		for _, m := range c.Mechs {
			if m.Class == checks.Bug {
				bugs = append(bugs, m)
			}
		}
		if len(bugs) == 0 {
			return nil
		}
		m := bugs[0]
		f := gate.Finding{Algo: algo, Preset: preset, Property: prop, Seed: m.First(), Label: m.Label, At: m.At}
		var b strings.Builder
		fmt.Fprintf(&b, "%d of %d runs show a bug no mechanism explains", c.Bug, c.Runs)
		for _, x := range bugs {
			fmt.Fprintf(&b, "; %s in %d (first seed %d)", x.Label, x.Runs(), x.First())
		}
		b.WriteString("\n\n")
		if err := tell(&b, r, f); err != nil && storyErr == nil {
			storyErr = err
		}
		return &junitFailure{Message: m.Text, Type: m.Label, Text: b.String()}
	}
	out, err := junit(r, run, fail)
	if storyErr != nil {
		return nil, storyErr
	}
	return out, err
}

// ChangeJUnit is the change's JUnit XML: the changed job's test cases, one
// failing where a mechanism the change fails on shows in a run whose twin
// does not show it, with that run's story and command.
func ChangeJUnit(c *gate.Change, run JUnitRun) ([]byte, error) {
	var storyErr error
	fail := func(algo, preset, prop string) *junitFailure {
		for _, d := range c.Failing() {
			if d.Algo != algo || d.Property != prop {
				continue
			}
			cm := c.Changed.Cell(algo, preset, prop).Mech(d.Label)
			bm := c.Base.Cell(algo, preset, prop).Mech(d.Label)
			if cm == nil {
				continue
			}
			for _, s := range cm.Seeds {
				if bm.Has(s) {
					continue
				}
				var b strings.Builder
				fmt.Fprintf(&b, "the change fails on %s: %s\n\n", d.Label, d.Why)
				f := gate.Finding{Algo: algo, Preset: preset, Property: prop, Seed: s, Label: d.Label}
				if cm.First() == s {
					f.At = cm.At
				}
				if err := tell(&b, c.Changed, f); err != nil && storyErr == nil {
					storyErr = err
				}
				text := cm.Text
				if cm.First() != s {
					text = fmt.Sprintf("seed %d (seed %d told it first: %s)", s, cm.First(), cm.Text)
				}
				return &junitFailure{Message: text, Type: d.Label, Text: b.String()}
			}
		}
		return nil
	}
	out, err := junit(c.Changed, run, fail)
	if storyErr != nil {
		return nil, storyErr
	}
	return out, err
}

// tell writes finding f's story (its run told again) and its command.
func tell(b *strings.Builder, r *gate.Result, f gate.Finding) error {
	cfg := gate.Config{Scripts: r.Scripts, Mutant: r.Mutant}.RunConfig(f.Algo, f.Seed, f.Preset)
	lines, ok, err := storyOf(cfg, f.Property, f.Label, !r.Unconfirmed)
	if err != nil {
		return fmt.Errorf("%s %s seed %d: %v", f.Algo, f.Preset, f.Seed, err)
	}
	if ok {
		b.WriteString(strings.Join(lines, "\n") + "\n\n")
	}
	b.WriteString("reproduce: " + r.Command(f) + "\n")
	return nil
}

func junit(r *gate.Result, run JUnitRun, fail failureOf) ([]byte, error) {
	doc := junitSuites{}
	for i, a := range r.Algos {
		s := junitSuite{Name: a, Timestamp: run.Timestamp, Hostname: run.Hostname, Time: "0", Package: "simrun", ID: i,
			Properties: []junitProperty{{"seeds", fmt.Sprintf("%d-%d", r.Lo, r.Hi)}, {"presets", strings.Join(r.Presets, ",")}}}
		if i == 0 {
			s.Time = fmt.Sprintf("%.3f", run.Seconds) // the job's time, on its first suite
		}
		for _, x := range []struct{ name, v string }{{"scripts", r.Scripts}, {"mutant", r.Mutant}, {"job", r.JobFile}} {
			if x.v != "" {
				s.Properties = append(s.Properties, junitProperty{x.name, x.v})
			}
		}
		for _, p := range r.Presets {
			for _, prop := range verdict.Properties {
				tc := junitCase{Name: p + "/" + prop, Classname: "simrun." + a, Time: "0"}
				switch {
				case r.Cell(a, p, prop) == nil:
					tc.Skipped = &struct{}{}
					s.Skipped++
				default:
					if tc.Failure = fail(a, p, prop); tc.Failure != nil {
						s.Failures++
					}
				}
				s.Cases = append(s.Cases, tc)
				s.Tests++
			}
		}
		doc.Suites = append(doc.Suites, s)
	}
	out, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return slices.Concat([]byte(xml.Header), out, []byte("\n")), nil
}
