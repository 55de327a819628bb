package sim

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsStayInsideSim holds the rule doc.go states: no file under
// sim/, tests included, imports a project package outside sim/, and the
// packages under sim/ import no project package at all. Everything else
// builds on sim; an import running the other way would let the simulator
// depend on what it simulates.
func TestImportsStayInsideSim(t *testing.T) {
	const module = "github.com/locksim/locksim/"
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		sub := filepath.Dir(path) != "."
		for _, spec := range f.Imports {
			p, _ := strconv.Unquote(spec.Path.Value)
			inProject := strings.HasPrefix(p, module)
			underSim := strings.HasPrefix(p, module+"sim/")
			if inProject && (sub || !underSim) {
				t.Errorf("sim/%s imports %s", filepath.ToSlash(path), p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
