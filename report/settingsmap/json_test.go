package settingsmap

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/locksim/locksim/settings"
)

// smallSpec is a map cheap enough for a test: two settings whose default
// cells are one configuration, three seeds.
func smallSpec(t *testing.T) settings.Spec {
	t.Helper()
	all, err := settings.Knobs("rlock-3.16.8", settings.Cloud)
	if err != nil {
		t.Fatal(err)
	}
	ks, err := settings.SelectKnobs(all, "timeout,retryAttempts")
	if err != nil {
		t.Fatal(err)
	}
	return settings.Spec{Algo: "rlock-3.16.8", Envelope: settings.Cloud, Knobs: ks, Lo: 1, Hi: 3}
}

func runMap(t *testing.T, spec settings.Spec, workers int) *settings.Map {
	t.Helper()
	m := settings.NewMap(spec)
	if err := m.Check(); err != nil {
		t.Fatal(err)
	}
	if n := m.Run(context.Background(), workers, nil); n != m.Worlds() {
		t.Fatalf("ran %d of %d worlds", n, m.Worlds())
	}
	return m
}

// A map's JSON is the same bytes whatever the number of workers; its
// shards' JSON, read back and merged, is the whole map's; and the whole
// map reads back as itself.
func TestJSONOfShardsMergesToTheWhole(t *testing.T) {
	spec := smallSpec(t)
	whole := JSON(runMap(t, spec, 1), "cmd")
	if got := JSON(runMap(t, spec, 3), "cmd"); !bytes.Equal(got, whole) {
		t.Fatalf("3 workers gave another map than 1")
	}
	var parts []*settings.Map
	for i := 1; i <= 2; i++ {
		s := spec
		s.ShardI, s.ShardN = i, 2
		p, err := ReadJSON(JSON(runMap(t, s, 2), "cmd"))
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, p)
	}
	merged, err := settings.Merge([]*settings.Map{parts[1], parts[0]})
	if err != nil {
		t.Fatal(err)
	}
	if got := JSON(merged, "cmd"); !bytes.Equal(got, whole) {
		t.Fatalf("the merged shards differ from the whole map:\n%s\nwant\n%s", got, whole)
	}
	if again, err := ReadJSON(whole); err != nil || !bytes.Equal(JSON(again, "cmd"), whole) {
		t.Fatalf("the whole map does not read back as itself: %v", err)
	}
	if md := Markdown(merged, "cmd", "x.svg", 1); !strings.Contains(md, "**Advice.** "+Advice(merged)) {
		t.Errorf("the markdown gives no advice:\n%s", md)
	}
}

// A reader refuses another version and anything that is not a map.
func TestReadJSONRefuses(t *testing.T) {
	for _, in := range []string{`{"version": 2}`, `[]`, `{"version": 1, "algo": "rlock-3.16.8", "envelope": {"spec": "cloud,pause=x"}}`, ``} {
		if _, err := ReadJSON([]byte(in)); err == nil {
			t.Errorf("ReadJSON(%s) accepted", in)
		}
	}
}
