package layout

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// versionLiteral is a Redisson version the project ports, as a string
// literal names it (alone, or in an algorithm's name).
var versionLiteral = regexp.MustCompile(`\b(3\.8\.1|3\.16\.8|4\.7\.0)\b`)

// versionFiles are the files whose code may decide by a Redisson version:
// the files docs/ARCHITECTURE.md lists for adding one (no reason given:
// the page must list them), and tables of data with a row per algorithm,
// which a new version may add rows to but never has to (the reason).
var versionFiles = map[string]string{
	"clients/config.go":     "",
	"clients/algorithms.go": "",
	"clients/mutants.go":    "data: the mutants catalogue, a row per mutant of an algorithm",

	"verdict/coverage.go":          "data: the script statements no run reaches, by algorithm",
	"report/exploration/report.go": "data: the ladder of configurations results/explore.md searches",
	"cmd/simrun/settings.go":       "data: the maps results/settings.md holds",
	"run/spinrun.go":               "the measurement of 4.7.0's fair spin for results/fairlock-4.7.0-spin.md, of that version by name",
}

// No code outside versionFiles decides by a Redisson version — compares
// with one, switches on one, tests a name's prefix or suffix for one, or
// lists versions — so that a newcomer adding a fourth touches the files
// docs/ARCHITECTURE.md lists and no others. Prose (a report's sentence, a
// message) may name versions anywhere.
func TestVersionsOnlyWhereListed(t *testing.T) {
	root := filepath.Join("..", "..")
	arch, err := os.ReadFile(filepath.Join(root, "docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, adding, _ := strings.Cut(string(arch), "## Adding a Redisson version")
	adding, _, _ = strings.Cut(adding, "\n## ")
	found := map[string]int{}
	sourceFiles(t, root, func(path, rel string) error {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if line := versionDecision(f, fset); line > 0 {
			found[rel] = line
		}
		return nil
	})
	var files []string
	for f := range found {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		why, ok := versionFiles[f]
		switch {
		case !ok:
			t.Errorf("%s:%d: decides by a Redisson version; a fourth version would have to find it: ask clients.Options (its Era or a flag) or the job file instead", f, found[f])
		case why == "" && !strings.Contains(adding, "`"+f+"`"):
			t.Errorf("%s decides by versions as a file to touch when adding one, but docs/ARCHITECTURE.md's \"Adding a Redisson version\" does not name it", f)
		}
	}
}

// versionDecision is the line of f's first decision by a version literal,
// 0 when there is none.
func versionDecision(f *ast.File, fset *token.FileSet) int {
	isVersion := func(e ast.Expr) bool {
		lit, ok := e.(*ast.BasicLit)
		return ok && lit.Kind == token.STRING && versionLiteral.MatchString(lit.Value)
	}
	line := 0
	mark := func(n ast.Node) {
		if line == 0 {
			line = fset.Position(n.Pos()).Line
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) && (isVersion(n.X) || isVersion(n.Y)) {
				mark(n)
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if isVersion(e) {
					mark(e)
				}
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && strings.Contains("HasSuffix HasPrefix Contains TrimSuffix TrimPrefix", sel.Sel.Name) {
				for _, a := range n.Args {
					if isVersion(a) {
						mark(a)
					}
				}
			}
		case *ast.CompositeLit:
			// a list of versions or algorithms: every element one
			if len(n.Elts) > 1 {
				all := true
				for _, e := range n.Elts {
					all = all && isVersion(e)
				}
				if all {
					mark(n)
				}
			}
		}
		return true
	})
	return line
}

// versionDecision finds each kind of decision and lets prose be.
func TestVersionDecision(t *testing.T) {
	for src, want := range map[string]bool{
		`package p; func f(v string) bool { return v == "4.7.0" }`:                                     true,
		`package p; func f(v string) { switch v { case "rlock-3.16.8": } }`:                            true,
		`package p; import "strings"; func f(a string) bool { return strings.HasSuffix(a, "-4.7.0") }`: true,
		`package p; var vs = []string{"3.8.1", "3.16.8"}`:                                              true,
		`package p; import "fmt"; func f() { fmt.Println("asked of 3.8.1 and 4.7.0") }`:                false,
		`package p; func f(v string) bool { return v == "4.7.1" }`:                                     false,
	} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "x.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := versionDecision(f, fset) > 0; got != want {
			t.Errorf("%s: decision %v, want %v", src, got, want)
		}
	}
}

// Every package keeps its comment in a doc.go of its own, where a reader
// looks first.
func TestEveryPackageHasDocGo(t *testing.T) {
	root := filepath.Join("..", "..")
	for dir := range packages(t, root) {
		if _, err := os.Stat(filepath.Join(root, dir, "doc.go")); err != nil {
			t.Errorf("%s has no doc.go", dir)
		}
	}
}
