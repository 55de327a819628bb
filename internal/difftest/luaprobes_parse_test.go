package difftest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestParseLuaProbes holds the probe file form to its description.
func TestParseLuaProbes(t *testing.T) {
	good := "-- a comment\n" +
		"return 1\n" +
		"\n" +
		"return 'été'\t-- a tab inside\n" +
		"--- begin\n" +
		"local t = nil\n" +
		"return t\n" +
		".x\n" +
		"--- end\n" +
		"--- begin\n" +
		"--[[ unfinished\n" +
		"--- end\n" +
		"--- begin\n" +
		"do\n" +
		"\n" +
		"--- end\n" +
		"--- quoted \"x = 1\\r\\ny = = 2 \\x00\\xff\"\n" +
		"---- no, a comment is \"--\" but not \"---\"\n"
	_, err := ParseLuaProbes("good.lua", []byte(good))
	if err == nil || !strings.Contains(err.Error(), "good.lua:18:") {
		t.Fatalf("a line starting with ---- is not a comment: got %v", err)
	}
	good = strings.TrimSuffix(good, "---- no, a comment is \"--\" but not \"---\"\n")
	got, err := ParseLuaProbes("good.lua", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"return 1", "return 'été'\t-- a tab inside", "local t = nil\nreturn t\n.x", "--[[ unfinished", "do\n", "x = 1\r\ny = = 2 \x00\xff"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	for _, bad := range []struct{ text, err string }{
		{"return 1", "does not end in a newline"},
		{"", "does not end in a newline"},
		{"-- only a comment\n", "no probes"},
		{"return 1\n--- begin\nreturn 2\n", `x.lua:2: no "--- end"`},
		{"--- begin\nreturn 2\n--- begin\n--- end\n", `x.lua:3: "--- begin" inside`},
		{"return 1\n--- ned\n", "x.lua:2:"},
		{"--- end\n", "x.lua:1:"},
		{"--- quoted `x`\n", "x.lua:1: not a Go string literal"},
		{"--- quoted \"x\n", "x.lua:1: not a Go string literal"},
		{"return 1 \n", "x.lua:1: trailing space"},
		{"return 1\r\n", "x.lua:1: control character"},
		{"--- begin\nreturn\x01\n--- end\n", "x.lua:2: control character"},
		{"return '\xff'\n", "x.lua:1: invalid UTF-8"},
		{"  \n", "x.lua:1: trailing space"},
	} {
		got, err := ParseLuaProbes("x.lua", []byte(bad.text))
		if err == nil || !strings.Contains(err.Error(), bad.err) {
			t.Errorf("%q: got %q, %v; want an error with %q", bad.text, got, err, bad.err)
		}
	}
}

// TestLoadLuaLibCasesOrder reads the files in the order of their numbers
// and refuses names that are not probe files and numbers used twice.
func TestLoadLuaLibCasesOrder(t *testing.T) {
	write := func(dir string, files map[string]string) string {
		for name, text := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	dir := write(t.TempDir(), map[string]string{"2-b.lua": "return 2\n", "10-c.lua": "return 10\n", "01-a.lua": "return 1\n", "README.md": "x"})
	cases, err := LoadLuaLibCases(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range cases {
		names = append(names, c.Name+":"+strings.Join(c.Probes, ","))
	}
	if want := []string{"a:return 1", "b:return 2", "c:return 10"}; !slices.Equal(names, want) {
		t.Errorf("got %q, want %q", names, want)
	}
	for _, files := range []map[string]string{
		{"01-a.lua": "return 1\n", "1-b.lua": "return 2\n"},
		{"01-a.lua": "return 1\n", "02-a.lua": "return 2\n"},
		{"a.lua": "return 1\n"},
		{"01-A.lua": "return 1\n"},
		{"01-a.txt": "return 1\n"},
		{},
	} {
		if cases, err := LoadLuaLibCases(write(t.TempDir(), files)); err == nil {
			t.Errorf("%v: read as %v, want an error", files, cases)
		}
	}
}
