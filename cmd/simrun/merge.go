package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/report/mainjob"
	"github.com/locksim/locksim/report/sweeplog"
	"github.com/locksim/locksim/sim/jsonl"
)

// mergeLimits bound what merge reads of one file: a main job's JSON over
// a million seeds stays far below.
var mergeLimits = jsonl.Limits{MaxLine: 64 << 20, MaxBytes: 1 << 30, MaxLines: 50_000_000}

// runMerge is `simrun merge FILE...`: the shards of one job joined into
// what the unsharded job prints and writes. Main-job (and change) JSON
// documents give the report on stdout and, with --json, --junit, --out or
// --coverage, those files; sweep --json outputs give the sweep's JSON
// Lines on stdout. Both byte for byte as the unsharded run gives them.
func runMerge(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	out := fs.String("out", "", "also write the merged report to `FILE` (main-job shards)")
	jsonOut := fs.String("json", "", "write the merged JSON to `FILE` (main-job shards)")
	junitOut := fs.String("junit", "", "write the merged JUnit XML to `FILE` (main-job shards)")
	coverageOut := fs.String("coverage", "", "write the merged statement coverage to `FILE` (main-job shards, all of them)")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	files := fs.Args()
	if len(files) == 0 {
		return usage(stderr, "merge: give the shards' output files")
	}
	outs := jobOutputs{out: *out, json: *jsonOut, junit: *junitOut, coverage: *coverageOut}
	if err := outs.check(); err != nil {
		return usage(stderr, "merge: "+err.Error())
	}
	var datas [][]byte
	for _, f := range files {
		var b bytes.Buffer
		err := jsonl.ReadFile(f, mergeLimits, func(_ int, line []byte) error {
			b.Write(line)
			b.WriteByte('\n')
			return nil
		})
		if err != nil {
			return usage(stderr, "merge: "+oneLine(err.Error()))
		}
		datas = append(datas, b.Bytes())
	}
	if isSweepOutput(datas[0]) {
		if outs != (jobOutputs{}) {
			return usage(stderr, "merge: sweep outputs merge to stdout; --out, --json, --junit and --coverage are for main-job shards")
		}
		return mergeSweeps(files, datas, stdout, stderr)
	}
	var doc mainjob.Document
	for i, data := range datas {
		d, err := mainjob.ReadDocument(data, files[i])
		if err != nil {
			return usage(stderr, "merge: "+oneLine(err.Error()))
		}
		switch {
		case i == 0:
			doc = d
		case doc.Job != nil && d.Job != nil:
			err = doc.Job.Merge(d.Job)
		case doc.Change != nil && d.Change != nil:
			err = doc.Change.Merge(d.Change)
		default:
			err = fmt.Errorf("a main job and a change do not merge")
		}
		if err != nil {
			return usage(stderr, fmt.Sprintf("merge: %s: %s", files[i], oneLine(err.Error())))
		}
	}
	r := doc.Job
	if doc.Change != nil {
		r = doc.Change.Changed
	}
	if outs.coverage != "" && (doc.Job == nil || !doc.Job.Complete() || doc.Job.Statements == nil) {
		return usage(stderr, "merge: --coverage needs every shard of a main job, each run to its end")
	}
	seeds := fmt.Sprintf("%d-%d", r.Lo, r.Hi)
	if r.Lo == r.Hi {
		seeds = strconv.FormatUint(r.Lo, 10)
	}
	return finishJob(ctx, doc, seeds, outs, time.Now(), stdout, stderr)
}

// isSweepOutput reports whether data is sweep --json's JSON Lines (a
// violation per line, a summary last) rather than one indented document.
func isSweepOutput(data []byte) bool {
	first, _, _ := bytes.Cut(data, []byte("\n"))
	var probe map[string]json.RawMessage
	if json.Unmarshal(first, &probe) != nil {
		return false
	}
	_, summary := probe["summary"]
	_, seed := probe["seed"]
	return summary || seed
}

// sweepSummary is sweep --json's last line.
type sweepSummary struct {
	Algo         string         `json:"algo"`
	Preset       string         `json:"preset"`
	Seeds        string         `json:"seeds"`
	Shard        string         `json:"shard"`
	Runs         uint64         `json:"runs"`
	RunsWithBugs int            `json:"runs_with_bugs"`
	Violations   map[string]int `json:"violations"`
	Interrupted  bool           `json:"interrupted"`
}

// mergeSweeps joins sweep --json outputs of the shards of one sweep: the
// violation lines in seed order (each run's in its own order), then the
// summary the unsharded sweep writes. A missing shard is named in the
// merged summary's shard ("1,3/4").
func mergeSweeps(files []string, datas [][]byte, stdout, stderr io.Writer) int {
	type line struct {
		seed uint64
		text []byte
	}
	var lines []line
	var sums []sweepSummary
	have := map[int]bool{}
	n := 0
	for i, data := range datas {
		rows := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
		var sum struct {
			Summary *sweepSummary `json:"summary"`
		}
		if err := json.Unmarshal(rows[len(rows)-1], &sum); err != nil || sum.Summary == nil {
			return usage(stderr, fmt.Sprintf("merge: %s: its last line is not a sweep's summary (a sweep interrupted before its end?)", files[i]))
		}
		s := *sum.Summary
		if s.Interrupted {
			return usage(stderr, fmt.Sprintf("merge: %s: the sweep was interrupted; run its shard to the end first", files[i]))
		}
		var shard flagx.Shard
		if err := shard.Set(s.Shard); err != nil {
			return usage(stderr, fmt.Sprintf("merge: %s: %v", files[i], err))
		}
		if i == 0 {
			n = shard.N
		}
		switch {
		case shard.N != n:
			return usage(stderr, fmt.Sprintf("merge: %s: a shard of %d, the others of %d", files[i], shard.N, n))
		case have[shard.I]:
			return usage(stderr, fmt.Sprintf("merge: %s: shard %s is given twice", files[i], s.Shard))
		case i > 0 && (s.Algo != sums[0].Algo || s.Preset != sums[0].Preset || s.Seeds != sums[0].Seeds):
			return usage(stderr, fmt.Sprintf("merge: %s: another sweep (%s %s seeds %s, not %s %s seeds %s)", files[i], s.Algo, s.Preset, s.Seeds, sums[0].Algo, sums[0].Preset, sums[0].Seeds))
		}
		have[shard.I] = true
		sums = append(sums, s)
		for k, row := range rows[:len(rows)-1] {
			var v struct {
				Seed *uint64 `json:"seed"`
			}
			if err := json.Unmarshal(row, &v); err != nil || v.Seed == nil {
				return usage(stderr, fmt.Sprintf("merge: %s:%d: not a sweep's violation line", files[i], k+1))
			}
			lines = append(lines, line{*v.Seed, row})
		}
	}
	sort.SliceStable(lines, func(a, b int) bool { return lines[a].seed < lines[b].seed })
	log := &sweeplog.Log{W: stdout, JSON: true, Algo: sums[0].Algo, Preset: sums[0].Preset, Seeds: sums[0].Seeds, Shard: "1/1"}
	var runs uint64
	for _, s := range sums {
		runs += s.Runs
		log.AddCounts(s.RunsWithBugs, s.Violations)
	}
	if len(have) < n {
		var is []int
		for i := range have {
			is = append(is, i)
		}
		slices.Sort(is)
		log.Shard = strings.Trim(strings.ReplaceAll(fmt.Sprint(is), " ", ","), "[]") + "/" + strconv.Itoa(n)
	}
	for _, l := range lines {
		stdout.Write(append(l.text, '\n'))
	}
	log.Summary(runs, runs, 0)
	if log.BugRuns > 0 {
		return exitViolated
	}
	return exitOK
}
