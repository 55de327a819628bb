package report

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// lower are the packages (with the packages under them) that the writers
// rest on: none of them may import a package under report/. run is the
// run's package once it leaves clients; a folder that does not exist is
// skipped.
var lower = []string{"verdict", "checks", "clients", "run", "sim", "model", "scripts"}

// No package the writers rest on imports a writer: not verdict, checks,
// clients, run, sim, model or scripts, nor their tests.
func TestLowerPackagesImportNoWriter(t *testing.T) {
	const writers = "github.com/locksim/locksim/report"
	for _, dir := range lower {
		root := filepath.Join("..", dir)
		if _, err := os.Stat(root); os.IsNotExist(err) {
			continue
		}
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			for _, imp := range f.Imports {
				if p := strings.Trim(imp.Path.Value, `"`); p == writers || strings.HasPrefix(p, writers+"/") {
					t.Errorf("%s imports %s: the packages below the writers must not", path, p)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
