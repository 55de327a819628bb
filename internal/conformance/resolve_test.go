package conformance

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/locksim/locksim/scripts"
	"github.com/locksim/locksim/sim"
)

const renew = "3.16.8/RedissonBaseLock.renewExpirationAsync"

func TestResolverRejectsUnknownIDs(t *testing.T) {
	resolve, err := NewResolver("")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"", "3.16.8/NoSuchLock.lock", "9.9.9/RedissonBaseLock.renewExpirationAsync", "../" + renew} {
		if sc, err := resolve(id); err == nil || sc != nil {
			t.Errorf("%q resolved", id)
		}
	}
}

// An ID resolves to the embedded text, compiled once; a directory of the
// user's takes precedence for the IDs it holds, and a script of it that
// does not compile is named by its file.
func TestResolverOwnScripts(t *testing.T) {
	embedded, err := NewResolver("")
	if err != nil {
		t.Fatal(err)
	}
	a, err := embedded(renew)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := embedded(renew)
	want, _ := scripts.Lookup(renew)
	if a != b || a.Source != want.Source {
		t.Fatal("the embedded script is not compiled once, or not the registry's text")
	}

	dir := t.TempDir()
	own := "return 1"
	path := filepath.Join(dir, filepath.FromSlash(renew)+".lua")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(own), 0o644); err != nil {
		t.Fatal(err)
	}
	mine, err := NewResolver(dir)
	if err != nil {
		t.Fatal(err)
	}
	if sc, err := mine(renew); err != nil || sc.Source != own {
		t.Fatalf("own script: %v, %v", sc, err)
	}
	other := "3.16.8/RedissonLock.unlockInnerAsync"
	if sc, err := mine(other); err != nil || sc.Source == own {
		t.Fatalf("an ID the directory lacks: %v", err)
	}

	if err := os.WriteFile(path, []byte("return ("), 0o644); err != nil {
		t.Fatal(err)
	}
	broken, err := NewResolver(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := broken(renew); err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), renew) {
		t.Fatalf("a broken script: %v", err)
	}
	if _, err := NewResolver(filepath.Join(dir, "missing")); err == nil {
		t.Fatal("a missing directory was accepted")
	}
}

func TestReadFileAndReplies(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if _, err := ReadFile(write("empty.jsonl", `{"case":"x"}`+"\n")); err == nil || !strings.Contains(err.Error(), "no step to check") {
		t.Errorf("a file with no step: %v", err)
	}
	resolve, _ := NewResolver("")
	early := write("early.jsonl", `{"t":1,"cmd":["PTTL","k"],"reply":-2}`+"\n"+`{"case":"x"}`+"\n")
	steps, err := ReadFile(early)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Replies(early, steps, resolve); err == nil || !strings.Contains(err.Error(), "early.jsonl:1: a step before the first") {
		t.Errorf("a step before any case: %v", err)
	}
	ok := write("ok.jsonl", `{"case":"a"}`+"\n"+`{"t":1,"cmd":["SET","k","v"],"reply":{"ok":"OK"}}`+"\n"+`{"case":"b"}`+"\n"+`{"t":1,"cmd":["GET","k"],"reply":null}`+"\n")
	steps, err = ReadFile(ok)
	if err != nil {
		t.Fatal(err)
	}
	replies, err := Replies(ok, steps, resolve)
	if err != nil || len(replies) != 2 {
		t.Fatalf("%d replies, %v", len(replies), err)
	}
	eng := sim.NewEngine()
	res, err := Check(ok, steps, resolve, func() *sim.Store { s := sim.NewStore(); s.SetEngine(eng); return s })
	if err != nil || len(res.Mismatches) != 0 {
		t.Errorf("each case on a fresh store: %v", res.Mismatches)
	}
}

// Embedded is NewResolver("")'s answer, one compiled script per ID for
// every caller, and it tells an unknown ID.
func TestEmbedded(t *testing.T) {
	a, err := Embedded("3.16.8/RedissonLock.tryLockInnerAsync")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Embedded("3.16.8/RedissonLock.tryLockInnerAsync")
	fresh, _ := NewResolver("")
	c, _ := fresh("3.16.8/RedissonLock.tryLockInnerAsync")
	if a != b || a.Source != c.Source {
		t.Fatalf("Embedded compiled twice or differs from NewResolver")
	}
	if _, err := Embedded("9.9.9/Nope"); err == nil {
		t.Fatal("an unknown ID resolved")
	}
}
