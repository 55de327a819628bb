package sim

import (
	"fmt"
	"reflect"

	"github.com/yuin/gopher-lua/ast"
)

// maxSyntaxDepth bounds how deeply a script's syntax tree may nest before
// the simulator refuses to compile it. gopher-lua's compiler recurses once
// per level, and a Go stack that overflows ends the process rather than
// the script: a chain such as a+a+...+a of a million terms (a 2 MB script,
// which Lua 5.1 compiles, its parser looping over left-associative
// operators) would do that. Lua 5.1's own limit on brackets and blocks is
// 200 levels (LUAI_MAXCCALLS); real scripts nest a few dozen.
const maxSyntaxDepth = 10_000

// checkSyntaxDepth returns an error when chunk nests deeper than
// maxSyntaxDepth. It walks the tree with a stack of its own, so the walk
// itself cannot overflow.
func checkSyntaxDepth(chunk []ast.Stmt) error {
	type item struct {
		v     reflect.Value
		depth int
	}
	var todo []item
	for _, st := range chunk {
		todo = append(todo, item{reflect.ValueOf(st), 1})
	}
	exprType := reflect.TypeFor[ast.Expr]()
	stmtType := reflect.TypeFor[ast.Stmt]()
	for len(todo) > 0 {
		it := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		v := it.v
		for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
			if v.IsNil() {
				break
			}
			v = v.Elem()
		}
		if v.Kind() != reflect.Struct {
			continue
		}
		depth := it.depth
		if t := reflect.PointerTo(v.Type()); t.Implements(exprType) || t.Implements(stmtType) {
			if depth++; depth > maxSyntaxDepth {
				line := 0
				if n, ok := v.Addr().Interface().(ast.PositionHolder); ok {
					line = n.Line()
				}
				return fmt.Errorf("%s:%d: the script nests more than %d levels deep (the simulator's limit)", chunkName, line, maxSyntaxDepth)
			}
		}
		for i := 0; i < v.NumField(); i++ {
			f := v.Field(i)
			if !v.Type().Field(i).IsExported() {
				continue
			}
			switch f.Kind() {
			case reflect.Interface, reflect.Pointer:
				todo = append(todo, item{f, depth})
			case reflect.Slice:
				for j := 0; j < f.Len(); j++ {
					todo = append(todo, item{f.Index(j), depth})
				}
			}
		}
	}
	return nil
}
