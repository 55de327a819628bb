package layout

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/locksim/locksim"

// pkgInfo is what a package's non-test files say and import.
type pkgInfo struct {
	comment string   // the package comment, its lines joined by spaces
	imports []string // the project packages imported, relative to the module
}

// sourceFiles calls fn with every non-test Go file of the module under
// root (the repository) and its path from root, skipping testdata, hidden
// directories and the vendored third_party.
func sourceFiles(t *testing.T, root string, fn func(path, rel string) error) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || name == "third_party" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		return fn(path, filepath.ToSlash(rel))
	})
	if err != nil {
		t.Fatal(err)
	}
}

// packages reads every package of the module under root (sourceFiles).
func packages(t *testing.T, root string) map[string]*pkgInfo {
	t.Helper()
	out := map[string]*pkgInfo{}
	sourceFiles(t, root, func(path, file string) error {
		rel := filepath.ToSlash(filepath.Dir(file))
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments|parser.ImportsOnly)
		if err != nil {
			return err
		}
		if build := f.Comments; len(build) > 0 && strings.Contains(build[0].Text(), "go:build ignore") {
			return nil
		}
		p := out[rel]
		if p == nil {
			p = &pkgInfo{}
			out[rel] = p
		}
		if f.Doc != nil && p.comment == "" {
			p.comment = strings.Join(strings.Fields(f.Doc.Text()), " ")
		}
		for _, im := range f.Imports {
			path := strings.Trim(im.Path.Value, `"`)
			if rest, ok := strings.CutPrefix(path, module+"/"); ok && !slices.Contains(p.imports, rest) {
				p.imports = append(p.imports, rest)
			}
		}
		return nil
	})
	for _, p := range out {
		sort.Strings(p.imports)
	}
	return out
}

// declared is "It imports X, Y and Z of this project" (or "nothing").
var declared = regexp.MustCompile(`[Ii]t imports (?:only )?(.+?) of\s+this project`)

// TestPackagesNameTheirImports: every package's comment names exactly the
// project packages its non-test files import.
func TestPackagesNameTheirImports(t *testing.T) {
	pkgs := packages(t, filepath.Join("..", ".."))
	if len(pkgs) < 20 {
		t.Fatalf("only %d packages found: the walk is wrong", len(pkgs))
	}
	var names []string
	for name := range pkgs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if strings.HasPrefix(name, "internal/dbgtool") {
			continue // a developer's scratch tools, outside the repository
		}
		p := pkgs[name]
		if p.comment == "" {
			t.Errorf("%s: no package comment", name)
			continue
		}
		m := declared.FindStringSubmatch(p.comment)
		if m == nil {
			t.Errorf("%s: its comment does not say which packages of this project it imports (\"It imports … of this project.\")", name)
			continue
		}
		var said []string
		if m[1] != "nothing" {
			for _, part := range strings.Split(strings.ReplaceAll(m[1], " and ", ", "), ",") {
				if part = strings.TrimSpace(part); part != "" {
					said = append(said, part)
				}
			}
		}
		sort.Strings(said)
		if !slices.Equal(said, p.imports) {
			t.Errorf("%s: its comment says it imports %v; it imports %v", name, said, p.imports)
		}
	}
}

// TestLowerPackagesImportNothingAbove: scripts imports nothing of the
// project; sim only its own sub-packages; model only sim.
func TestLowerPackagesImportNothingAbove(t *testing.T) {
	pkgs := packages(t, filepath.Join("..", ".."))
	allowed := func(pkg, imp string) bool {
		switch {
		case pkg == "scripts":
			return false
		case pkg == "sim" || strings.HasPrefix(pkg, "sim/"):
			return strings.HasPrefix(imp, "sim/")
		case pkg == "model":
			return imp == "sim"
		}
		return true
	}
	for name, p := range pkgs {
		for _, imp := range p.imports {
			if !allowed(name, imp) {
				t.Errorf("%s imports %s: an import up the layers", name, imp)
			}
		}
	}
	if _, err := os.Stat(filepath.Join("..", "..", "go.mod")); err != nil {
		t.Fatal("the repository's root is not two levels up")
	}
}
