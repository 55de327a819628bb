package parse

// The lexer and parser: llex.c and lparser.c of Lua 5.1.5 (see doc.go).

import (
	"fmt"
	"io"
	"strconv"

	"github.com/yuin/gopher-lua/ast"
)

// Error is a chunk Lua 5.1 refuses: Msg is the whole message, as
// luaX_lexerror builds it ("chunkid:line: msg" and " near 'token'").
type Error struct {
	Msg  string
	Line int
}

func (e *Error) Error() string { return e.Msg }

// Limits of Lua 5.1 (luaconf.h, as Redis 7.0 builds it).
const (
	maxCCalls   = 200 // LUAI_MAXCCALLS: nesting of blocks and expressions
	maxVars     = 200 // LUAI_MAXVARS: active locals per function
	maxUpvalues = 60  // LUAI_MAXUPVALUES
	eoz         = -1  // EOZ: end of input
)

// Tokens (llex.h): single characters are themselves, the rest from 257.
const (
	tkAnd = 257 + iota
	tkBreak
	tkDo
	tkElse
	tkElseif
	tkEnd
	tkFalse
	tkFor
	tkFunction
	tkIf
	tkIn
	tkLocal
	tkNil
	tkNot
	tkOr
	tkRepeat
	tkReturn
	tkThen
	tkTrue
	tkUntil
	tkWhile
	tkConcat
	tkDots
	tkEq
	tkGE
	tkLE
	tkNE
	tkNumber
	tkName
	tkString
	tkEOS
)

// tokenNames is luaX_tokens.
var tokenNames = [...]string{
	"and", "break", "do", "else", "elseif",
	"end", "false", "for", "function", "if",
	"in", "local", "nil", "not", "or", "repeat",
	"return", "then", "true", "until", "while",
	"..", "...", "==", ">=", "<=", "~=",
	"<number>", "<name>", "<string>", "<eof>",
}

var reserved = func() map[string]int {
	m := map[string]int{}
	for i, name := range tokenNames[:tkWhile-tkAnd+1] {
		m[name] = tkAnd + i
	}
	return m
}()

type token struct {
	tok  int
	str  string // a name's or string's text, a numeral
	line int    // the line it starts on (the syntax tree's line)
}

type lexState struct {
	src      []byte
	pos      int
	current  int
	line     int // linenumber: the line the lexer is on
	lastLine int // the line of the last token consumed
	buf      []byte
	t, ahead token
	source   string
	fs       *funcState
	nCcalls  int
}

// Parse reads the Lua 5.1 chunk named name (a chunk name as lua_load takes
// it: "@file", "=name" or the source itself) and returns its statements;
// an error is an *Error. It parses as lua_load does outside any call, as
// Redis loads a script body.
func Parse(reader io.Reader, name string) (chunk []ast.Stmt, err error) {
	return ParseAt(reader, name, 0)
}

// ParseAt is Parse with the interpreter cCalls C calls deep (L->nCcalls,
// which the parser's nesting limit counts on from: loadstring called by a
// script runs at least one deep).
func ParseAt(reader io.Reader, name string, cCalls int) (chunk []ast.Stmt, err error) {
	src, err := io.ReadAll(reader)
	if err != nil {
		return nil, err
	}
	ls := &lexState{src: src, line: 1, lastLine: 1, source: name, nCcalls: cCalls}
	ls.ahead.tok = tkEOS
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			chunk, err = nil, e
		}
	}()
	ls.next()
	// luaY_parser: the main function is always vararg
	fs := &funcState{isVararg: true}
	ls.fs = fs
	ls.luaXNext()
	chunk = ls.chunk()
	ls.check(tkEOS)
	return chunk, nil
}

/* llex.c {{{ */

func (ls *lexState) next() {
	if ls.pos < len(ls.src) {
		ls.current = int(ls.src[ls.pos])
		ls.pos++
	} else {
		ls.current = eoz
	}
}

func (ls *lexState) save(c int) { ls.buf = append(ls.buf, byte(c)) }

func (ls *lexState) saveAndNext() {
	ls.save(ls.current)
	ls.next()
}

func (ls *lexState) currIsNewline() bool { return ls.current == '\n' || ls.current == '\r' }

// token2str is luaX_token2str.
func token2str(tok int) string {
	if tok < tkAnd {
		if tok < 32 || tok == 127 { // iscntrl
			return fmt.Sprintf("char(%d)", tok)
		}
		return string([]byte{byte(tok)})
	}
	return tokenNames[tok-tkAnd]
}

// txtToken is txtToken: a name, string or numeral is shown as the buffer
// holds it (the last token the lexer read, up to a NUL).
func (ls *lexState) txtToken(tok int) string {
	switch tok {
	case tkName, tkString, tkNumber:
		return CString(string(ls.buf))
	}
	return token2str(tok)
}

// lexError is luaX_lexerror; tok 0 names no token.
func (ls *lexState) lexError(msg string, tok int) {
	msg = chunkID(ls.source, maxSrc) + ":" + strconv.Itoa(ls.line) + ": " + msg
	if tok != 0 {
		msg += " near '" + ls.txtToken(tok) + "'"
	}
	panic(&Error{Msg: msg, Line: ls.line})
}

// syntaxError is luaX_syntaxerror: near the current token.
func (ls *lexState) syntaxError(msg string) { ls.lexError(msg, ls.t.tok) }

func (ls *lexState) incLineNumber() {
	old := ls.current
	ls.next() // skip '\n' or '\r'
	if ls.currIsNewline() && ls.current != old {
		ls.next() // skip '\n\r' or '\r\n'
	}
	ls.line++
}

func (ls *lexState) checkNext(set string) bool {
	if ls.current == eoz {
		return false
	}
	for i := 0; i < len(set); i++ {
		if int(set[i]) == ls.current {
			ls.saveAndNext()
			return true
		}
	}
	return false
}

// The lexer's character classes, C's in the "C" locale, of a character
// that may be EOZ.
func isAlpha(c int) bool  { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigitC(c int) bool { return c >= 0 && isDigit(byte(c)) }
func isAlnum(c int) bool  { return isAlpha(c) || isDigitC(c) }

func (ls *lexState) readNumeral() string {
	for {
		ls.saveAndNext()
		if !isDigitC(ls.current) && ls.current != '.' {
			break
		}
	}
	if ls.checkNext("Ee") { // 'E'?
		ls.checkNext("+-") // optional exponent sign
	}
	for isAlnum(ls.current) || ls.current == '_' {
		ls.saveAndNext()
	}
	text := string(ls.buf)
	if _, ok := Str2Number(text); !ok {
		ls.lexError("malformed number", tkNumber)
	}
	return text
}

// skipSep is skip_sep: the level of a long bracket, or -count-1 when it
// is not one.
func (ls *lexState) skipSep() int {
	count, s := 0, ls.current
	ls.saveAndNext()
	for ls.current == '=' {
		ls.saveAndNext()
		count++
	}
	if ls.current == s {
		return count
	}
	return -count - 1
}

// readLongString is read_long_string; a comment (str false) keeps no text.
func (ls *lexState) readLongString(str bool, sep int) string {
	ls.saveAndNext() // skip 2nd '['
	if ls.currIsNewline() {
		ls.incLineNumber() // a string starting with a newline skips it
	}
	for {
		switch ls.current {
		case eoz:
			if str {
				ls.lexError("unfinished long string", tkEOS)
			}
			ls.lexError("unfinished long comment", tkEOS)
		// No case '[': Redis 7.0.15 as Debian builds it neither counts
		// nor refuses a nested [[ (LUA_COMPAT_LSTR's advisory error),
		// so [[a[[b]] is the string "a[[b".
		case ']':
			if ls.skipSep() == sep {
				ls.saveAndNext() // skip 2nd ']'
				if !str {
					return ""
				}
				return string(ls.buf[2+sep : len(ls.buf)-(2+sep)])
			}
		case '\n', '\r':
			ls.save('\n')
			ls.incLineNumber()
			if !str {
				ls.buf = ls.buf[:0] // avoid wasting space
			}
		default:
			if str {
				ls.saveAndNext()
			} else {
				ls.next()
			}
		}
	}
}

func (ls *lexState) readString(del int) string {
	ls.saveAndNext()
	for ls.current != del {
		switch ls.current {
		case eoz:
			ls.lexError("unfinished string", tkEOS)
		case '\n', '\r':
			ls.lexError("unfinished string", tkString)
		case '\\':
			ls.next() // do not save the '\'
			c := 0
			switch ls.current {
			case 'a':
				c = '\a'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'v':
				c = '\v'
			case '\n', '\r':
				ls.save('\n')
				ls.incLineNumber()
				continue
			case eoz:
				continue // will raise an error next loop
			default:
				if !isDigitC(ls.current) {
					ls.saveAndNext() // handles \\, \", \', and \?
				} else { // \xxx
					c = 0
					for i := 0; i < 3 && isDigitC(ls.current); i++ {
						c = 10*c + (ls.current - '0')
						ls.next()
					}
					if c > 255 {
						ls.lexError("escape sequence too large", tkString)
					}
					ls.save(c)
				}
				continue
			}
			ls.save(c)
			ls.next()
		default:
			ls.saveAndNext()
		}
	}
	ls.saveAndNext() // skip delimiter
	return string(ls.buf[1 : len(ls.buf)-1])
}

// llex reads the next token.
func (ls *lexState) llex() token {
	ls.buf = ls.buf[:0]
	for {
		line := ls.line
		switch ls.current {
		case '\n', '\r':
			ls.incLineNumber()
			continue
		case '-':
			ls.next()
			if ls.current != '-' {
				return token{tok: '-', line: line}
			}
			// a comment
			ls.next()
			if ls.current == '[' {
				sep := ls.skipSep()
				ls.buf = ls.buf[:0] // skip_sep may dirty the buffer
				if sep >= 0 {
					ls.readLongString(false, sep) // long comment
					ls.buf = ls.buf[:0]
					continue
				}
			}
			// a short comment
			for !ls.currIsNewline() && ls.current != eoz {
				ls.next()
			}
			continue
		case '[':
			sep := ls.skipSep()
			if sep >= 0 {
				return token{tok: tkString, str: ls.readLongString(true, sep), line: line}
			} else if sep == -1 {
				return token{tok: '[', line: line}
			}
			ls.lexError("invalid long string delimiter", tkString)
		case '=':
			return ls.twoChar('=', tkEq, line)
		case '<':
			return ls.twoChar('<', tkLE, line)
		case '>':
			return ls.twoChar('>', tkGE, line)
		case '~':
			return ls.twoChar('~', tkNE, line)
		case '"', '\'':
			return token{tok: tkString, str: ls.readString(ls.current), line: line}
		case '.':
			ls.saveAndNext()
			if ls.checkNext(".") {
				if ls.checkNext(".") {
					return token{tok: tkDots, line: line}
				}
				return token{tok: tkConcat, line: line}
			} else if !isDigitC(ls.current) {
				return token{tok: '.', line: line}
			}
			return token{tok: tkNumber, str: ls.readNumeral(), line: line}
		case eoz:
			return token{tok: tkEOS, line: line}
		default:
			switch c := ls.current; {
			case c >= 0 && IsSpace(byte(c)): // not a newline (handled above)
				ls.next()
				continue
			case isDigitC(c):
				return token{tok: tkNumber, str: ls.readNumeral(), line: line}
			case isAlpha(c) || c == '_':
				for {
					ls.saveAndNext()
					if !isAlnum(ls.current) && ls.current != '_' {
						break
					}
				}
				name := string(ls.buf)
				if tok, ok := reserved[name]; ok {
					return token{tok: tok, line: line}
				}
				return token{tok: tkName, str: name, line: line}
			default:
				ls.next()
				return token{tok: c, line: line} // single-char tokens (+ - / ...)
			}
		}
	}
}

func (ls *lexState) twoChar(c, two, line int) token {
	ls.next()
	if ls.current != '=' {
		return token{tok: c, line: line}
	}
	ls.next()
	return token{tok: two, line: line}
}

// luaXNext is luaX_next.
func (ls *lexState) luaXNext() {
	ls.lastLine = ls.line
	if ls.ahead.tok != tkEOS {
		ls.t = ls.ahead
		ls.ahead.tok = tkEOS
		return
	}
	ls.t = ls.llex()
}

// lookahead is luaX_lookahead.
func (ls *lexState) lookahead() { ls.ahead = ls.llex() }

/* }}} */

/* lparser.c {{{ */

// funcState keeps of lparser.c's FuncState what its checks read.
type funcState struct {
	prev        *funcState
	bl          *blockCnt
	actvar      []string // the active locals, then those declared but not yet active
	nactvar     int
	upvalues    []upvalKey
	isVararg    bool
	lineDefined int
}

// upvalKey is an upvalue's variable: a local register of the enclosing
// function, or one of its upvalues (indexupvalue compares both).
type upvalKey struct {
	local bool
	index int
}

type blockCnt struct {
	previous    *blockCnt
	nactvar     int
	isBreakable bool
}

// expKind is what of expdesc's kind the checks read.
type expKind int

const (
	expOther    expKind = iota
	expVariable         // VLOCAL, VUPVAL, VGLOBAL or VINDEXED: assignable
	expCall             // VCALL
)

func (ls *lexState) errorExpected(tok int) {
	ls.syntaxError("'" + token2str(tok) + "' expected")
}

// errorLimit is errorlimit.
func (ls *lexState) errorLimit(limit int, what string) {
	msg := fmt.Sprintf("main function has more than %d %s", limit, what)
	if ls.fs.lineDefined != 0 {
		msg = fmt.Sprintf("function at line %d has more than %d %s", ls.fs.lineDefined, limit, what)
	}
	ls.lexError(msg, 0)
}

func (ls *lexState) testNext(c int) bool {
	if ls.t.tok == c {
		ls.luaXNext()
		return true
	}
	return false
}

func (ls *lexState) check(c int) {
	if ls.t.tok != c {
		ls.errorExpected(c)
	}
}

func (ls *lexState) checkNextTok(c int) {
	ls.check(c)
	ls.luaXNext()
}

func (ls *lexState) checkMatch(what, who, where int) {
	if !ls.testNext(what) {
		if where == ls.line {
			ls.errorExpected(what)
		}
		ls.syntaxError(fmt.Sprintf("'%s' expected (to close '%s' at line %d)", token2str(what), token2str(who), where))
	}
}

func (ls *lexState) strCheckName() token {
	ls.check(tkName)
	t := ls.t
	ls.luaXNext()
	return t
}

// newLocalVar is new_localvar: the n-th of the locals being declared.
func (ls *lexState) newLocalVar(name string, n int) {
	fs := ls.fs
	if fs.nactvar+n+1 > maxVars {
		ls.errorLimit(maxVars, "local variables")
	}
	fs.actvar = append(fs.actvar[:fs.nactvar+n], name)
}

func (ls *lexState) adjustLocalVars(n int) { ls.fs.nactvar += n }

func (fs *funcState) removeVars(toLevel int) {
	fs.nactvar = toLevel
	fs.actvar = fs.actvar[:toLevel]
}

func (ls *lexState) indexUpvalue(fs *funcState, k upvalKey) int {
	for i, u := range fs.upvalues {
		if u == k {
			return i
		}
	}
	if len(fs.upvalues)+1 > maxUpvalues {
		saved := ls.fs
		ls.fs = fs // errorlimit names the function the upvalue is for
		ls.errorLimit(maxUpvalues, "upvalues")
		ls.fs = saved
	}
	fs.upvalues = append(fs.upvalues, k)
	return len(fs.upvalues) - 1
}

func (fs *funcState) searchVar(name string) int {
	for i := fs.nactvar - 1; i >= 0; i-- {
		if fs.actvar[i] == name {
			return i
		}
	}
	return -1
}

// singleVarAux is singlevaraux: whether name is global, else its key as an
// upvalue of the function below.
func (ls *lexState) singleVarAux(fs *funcState, name string) (upvalKey, bool) {
	if fs == nil {
		return upvalKey{}, true
	}
	if v := fs.searchVar(name); v >= 0 {
		return upvalKey{local: true, index: v}, false
	}
	k, global := ls.singleVarAux(fs.prev, name)
	if global {
		return k, true
	}
	return upvalKey{index: ls.indexUpvalue(fs, k)}, false
}

func (ls *lexState) singleVar() *ast.IdentExpr {
	t := ls.strCheckName()
	ls.singleVarAux(ls.fs, t.str)
	e := &ast.IdentExpr{Value: t.str}
	e.SetLine(t.line)
	return e
}

func (ls *lexState) enterLevel() {
	if ls.nCcalls++; ls.nCcalls > maxCCalls {
		ls.lexError("chunk has too many syntax levels", 0)
	}
}

func (ls *lexState) leaveLevel() { ls.nCcalls-- }

func (ls *lexState) enterBlock(breakable bool) *blockCnt {
	bl := &blockCnt{previous: ls.fs.bl, nactvar: ls.fs.nactvar, isBreakable: breakable}
	ls.fs.bl = bl
	return bl
}

func (ls *lexState) leaveBlock(bl *blockCnt) {
	ls.fs.bl = bl.previous
	ls.fs.removeVars(bl.nactvar)
}

func blockFollow(tok int) bool {
	switch tok {
	case tkElse, tkElseif, tkEnd, tkUntil, tkEOS:
		return true
	}
	return false
}

// chunk is chunk: statements up to a block's end; return and break end it.
func (ls *lexState) chunk() []ast.Stmt {
	stmts := []ast.Stmt{}
	ls.enterLevel()
	for last := false; !last && !blockFollow(ls.t.tok); {
		var st ast.Stmt
		st, last = ls.statement()
		stmts = append(stmts, st)
		ls.testNext(';')
	}
	ls.leaveLevel()
	return stmts
}

func (ls *lexState) block() []ast.Stmt {
	bl := ls.enterBlock(false)
	stmts := ls.chunk()
	ls.leaveBlock(bl)
	return stmts
}

func (ls *lexState) statement() (ast.Stmt, bool) {
	line := ls.line
	t := ls.t
	switch t.tok {
	case tkIf:
		return ls.ifStat(line), false
	case tkWhile:
		ls.luaXNext()
		cond := ls.expr()
		bl := ls.enterBlock(true)
		ls.checkNextTok(tkDo)
		stmts := ls.block()
		end := ls.t.line
		ls.checkMatch(tkEnd, tkWhile, line)
		ls.leaveBlock(bl)
		st := &ast.WhileStmt{Condition: cond, Stmts: stmts}
		st.SetLine(t.line)
		st.SetLastLine(end)
		return st, false
	case tkDo:
		ls.luaXNext()
		stmts := ls.block()
		end := ls.t.line
		ls.checkMatch(tkEnd, tkDo, line)
		st := &ast.DoBlockStmt{Stmts: stmts}
		st.SetLine(t.line)
		st.SetLastLine(end)
		return st, false
	case tkFor:
		return ls.forStat(line), false
	case tkRepeat:
		bl1 := ls.enterBlock(true)
		bl2 := ls.enterBlock(false)
		ls.luaXNext()
		stmts := ls.chunk()
		ls.checkMatch(tkUntil, tkRepeat, line)
		cond := ls.expr()
		ls.leaveBlock(bl2)
		ls.leaveBlock(bl1)
		st := &ast.RepeatStmt{Condition: cond, Stmts: stmts}
		st.SetLine(t.line)
		st.SetLastLine(cond.Line())
		return st, false
	case tkFunction:
		return ls.funcStat(line), false
	case tkLocal:
		ls.luaXNext()
		if ls.testNext(tkFunction) {
			name := ls.strCheckName()
			ls.newLocalVar(name.str, 0)
			ls.adjustLocalVars(1)
			fn := ls.body(false, ls.line)
			st := &ast.LocalAssignStmt{Names: []string{name.str}, Exprs: []ast.Expr{fn}}
			st.SetLine(t.line)
			st.SetLastLine(fn.LastLine())
			return st, false
		}
		return ls.localStat(t.line), false
	case tkReturn:
		ls.luaXNext()
		var exprs []ast.Expr
		if !blockFollow(ls.t.tok) && ls.t.tok != ';' {
			exprs = ls.exprList()
		}
		st := &ast.ReturnStmt{Exprs: exprs}
		st.SetLine(t.line)
		return st, true
	case tkBreak:
		ls.luaXNext()
		bl := ls.fs.bl
		for bl != nil && !bl.isBreakable {
			bl = bl.previous
		}
		if bl == nil {
			ls.syntaxError("no loop to break")
		}
		st := &ast.BreakStmt{}
		st.SetLine(t.line)
		return st, true
	}
	return ls.exprStat(), false
}

func (ls *lexState) ifStat(line int) ast.Stmt {
	first := ls.testThenBlock(ls.t.line)
	cur := first
	for ls.t.tok == tkElseif {
		next := ls.testThenBlock(ls.t.line)
		cur.Else = []ast.Stmt{next}
		cur = next
	}
	if ls.testNext(tkElse) {
		cur.Else = ls.block()
	}
	first.SetLastLine(ls.t.line)
	ls.checkMatch(tkEnd, tkIf, line)
	return first
}

// testThenBlock is test_then_block: IF or ELSEIF cond THEN block.
func (ls *lexState) testThenBlock(line int) *ast.IfStmt {
	ls.luaXNext()
	cond := ls.expr()
	ls.checkNextTok(tkThen)
	st := &ast.IfStmt{Condition: cond, Then: ls.block()}
	st.SetLine(line)
	return st
}

func (ls *lexState) forStat(line int) ast.Stmt {
	forLine := ls.t.line
	bl := ls.enterBlock(true) // scope for the loop and its control variables
	ls.luaXNext()
	name := ls.strCheckName()
	var st ast.Stmt
	switch ls.t.tok {
	case '=':
		ls.newLocalVar("(for index)", 0)
		ls.newLocalVar("(for limit)", 1)
		ls.newLocalVar("(for step)", 2)
		ls.newLocalVar(name.str, 3)
		ls.luaXNext()
		init := ls.expr()
		ls.checkNextTok(',')
		limit := ls.expr()
		var step ast.Expr
		if ls.testNext(',') {
			step = ls.expr()
		}
		doLine := ls.t.line
		stmts := ls.forBody(1)
		st = &ast.NumberForStmt{Name: name.str, Init: init, Limit: limit, Step: step, Stmts: stmts, DoLine: doLine}
	case ',', tkIn:
		ls.newLocalVar("(for generator)", 0)
		ls.newLocalVar("(for state)", 1)
		ls.newLocalVar("(for control)", 2)
		names := []string{name.str}
		ls.newLocalVar(name.str, 3)
		for ls.testNext(',') {
			n := ls.strCheckName()
			ls.newLocalVar(n.str, len(names)+3)
			names = append(names, n.str)
		}
		ls.checkNextTok(tkIn)
		callLine := ls.line
		exprs := ls.exprList()
		stmts := ls.forBody(len(names))
		st = &ast.GenericForStmt{Names: names, Exprs: exprs, Stmts: stmts, CallLine: callLine}
	default:
		ls.syntaxError("'=' or 'in' expected")
	}
	end := ls.t.line
	ls.checkMatch(tkEnd, tkFor, line)
	ls.leaveBlock(bl)
	st.SetLine(forLine)
	st.SetLastLine(end)
	return st
}

// forBody is forbody: DO block, with the loop's nvars variables.
func (ls *lexState) forBody(nvars int) []ast.Stmt {
	ls.adjustLocalVars(3) // control variables
	ls.checkNextTok(tkDo)
	bl := ls.enterBlock(false) // scope for declared variables
	ls.adjustLocalVars(nvars)
	stmts := ls.block()
	ls.leaveBlock(bl)
	return stmts
}

func (ls *lexState) funcStat(line int) ast.Stmt {
	fnLine := ls.t.line
	ls.luaXNext()
	// funcname: NAME {field} [':' NAME]
	v := ls.singleVar()
	var fn ast.Expr = v
	name := &ast.FuncName{Func: fn}
	for ls.t.tok == '.' {
		key := ls.fieldName()
		get := &ast.AttrGetExpr{Object: fn, Key: key}
		get.SetLine(key.Line())
		fn = get
		name = &ast.FuncName{Func: fn}
	}
	needSelf := false
	if ls.t.tok == ':' {
		key := ls.fieldName()
		name = &ast.FuncName{Receiver: fn, Method: key.Value}
		needSelf = true
	}
	body := ls.body(needSelf, line)
	st := &ast.FuncDefStmt{Name: name, Func: body}
	st.SetLine(fnLine)
	st.SetLastLine(body.LastLine())
	return st
}

// fieldName is field's name after '.' or ':'.
func (ls *lexState) fieldName() *ast.StringExpr {
	ls.luaXNext() // skip the dot or colon
	t := ls.strCheckName()
	key := &ast.StringExpr{Value: t.str}
	key.SetLine(t.line)
	return key
}

func (ls *lexState) localStat(line int) ast.Stmt {
	var names []string
	for {
		n := ls.strCheckName()
		ls.newLocalVar(n.str, len(names))
		names = append(names, n.str)
		if !ls.testNext(',') {
			break
		}
	}
	exprs := []ast.Expr{}
	if ls.testNext('=') {
		exprs = ls.exprList()
	}
	ls.adjustLocalVars(len(names))
	st := &ast.LocalAssignStmt{Names: names, Exprs: exprs}
	st.SetLine(line)
	return st
}

// exprStat is exprstat: a call, or an assignment.
func (ls *lexState) exprStat() ast.Stmt {
	e, kind := ls.primaryExp()
	if kind == expCall {
		st := &ast.FuncCallStmt{Expr: e}
		st.SetLine(e.Line())
		return st
	}
	lhs := []ast.Expr{e}
	for {
		if kind != expVariable {
			ls.syntaxError("syntax error")
		}
		if !ls.testNext(',') {
			break
		}
		e, kind = ls.primaryExp()
		if len(lhs) > maxCCalls-ls.nCcalls {
			ls.errorLimit(maxCCalls-ls.nCcalls, "variables in assignment")
		}
		lhs = append(lhs, e)
	}
	ls.checkNextTok('=')
	st := &ast.AssignStmt{Lhs: lhs, Rhs: ls.exprList()}
	st.SetLine(lhs[0].Line())
	return st
}

// body is body: '(' parlist ')' chunk END, a function defined at line.
func (ls *lexState) body(needSelf bool, line int) *ast.FunctionExpr {
	fs := &funcState{prev: ls.fs, lineDefined: line}
	ls.fs = fs
	open := ls.t.line
	ls.checkNextTok('(')
	if needSelf {
		ls.newLocalVar("self", 0)
		ls.adjustLocalVars(1)
	}
	par := &ast.ParList{Names: []string{}}
	if ls.t.tok != ')' {
		for n := 0; ; {
			switch ls.t.tok {
			case tkName:
				ls.newLocalVar(ls.strCheckName().str, n)
				par.Names = append(par.Names, fs.actvar[len(fs.actvar)-1])
				n++
			case tkDots:
				ls.luaXNext()
				ls.newLocalVar("arg", n) // LUA_COMPAT_VARARG
				n++
				par.HasVargs, fs.isVararg = true, true
			default:
				ls.syntaxError("<name> or '...' expected")
			}
			if par.HasVargs || !ls.testNext(',') {
				ls.adjustLocalVars(n)
				break
			}
		}
	}
	ls.checkNextTok(')')
	stmts := ls.chunk()
	end := ls.t.line
	ls.checkMatch(tkEnd, tkFunction, line)
	ls.fs = fs.prev
	fn := &ast.FunctionExpr{ParList: par, Stmts: stmts}
	fn.SetLine(open)
	fn.SetLastLine(end)
	return fn
}

// exprList is explist1. An expression before a ',' is read into its
// register (luaK_exp2nextreg) once the ',' is read; the last one is the
// caller's to place.
func (ls *lexState) exprList() []ast.Expr {
	exprs := []ast.Expr{ls.expr()}
	for ls.t.tok == ',' {
		discharged(exprs[len(exprs)-1], ls.t.line)
		ls.luaXNext()
		exprs = append(exprs, ls.expr())
	}
	return exprs
}

// funcArgs is funcargs: the arguments of a call of f (or of a method).
func (ls *lexState) funcArgs(call *ast.FuncCallExpr) {
	line := ls.line
	call.CallLine = line // luaK_fixline(fs, line)
	switch ls.t.tok {
	case '(':
		if line != ls.lastLine {
			ls.syntaxError("ambiguous syntax (function call x new statement)")
		}
		ls.luaXNext()
		call.Args = []ast.Expr{}
		if ls.t.tok != ')' {
			call.Args = ls.exprList()
			if ls.t.tok == ')' { // the last argument is read once ')' is
				discharged(call.Args[len(call.Args)-1], ls.t.line)
			}
		}
		call.SetLastLine(ls.t.line) // its last token, for what is coded after it
		ls.checkMatch(')', '(', line)
	case '{':
		call.Args = []ast.Expr{ls.constructor()}
		call.SetLastLine(call.Args[0].LastLine())
	case tkString:
		call.SetLastLine(ls.line) // a long string ends where the lexer is
		call.Args = []ast.Expr{ls.stringExpr()}
	default:
		ls.syntaxError("function arguments expected")
	}
}

// discharged notes that e, a variable whose read Lua 5.1 codes only when
// the value is needed (VGLOBAL, VINDEXED, VUPVAL: luaK_dischargevars), is
// read at line, where the code generator is then: the compiler gives the
// read that line (its LastLine).
func discharged(e ast.Expr, line int) {
	switch e.(type) {
	case *ast.IdentExpr, *ast.AttrGetExpr:
		if line >= e.Line() {
			e.SetLastLine(line) // kept when '(' e ')' moves e's Line to '('
		}
	}
}

func (ls *lexState) stringExpr() ast.Expr {
	e := &ast.StringExpr{Value: ls.t.str}
	e.SetLine(ls.t.line)
	ls.luaXNext()
	return e
}

// primaryExp is primaryexp: prefixexp { '.' NAME | '[' exp ']' | ':' NAME
// funcargs | funcargs }.
func (ls *lexState) primaryExp() (ast.Expr, expKind) {
	var e ast.Expr
	var kind expKind
	// prefixexp: NAME | '(' expr ')'
	switch ls.t.tok {
	case '(':
		open := ls.t.line
		line := ls.line
		ls.luaXNext()
		inner := ls.expr()
		if ls.t.tok == ')' {
			discharged(inner, ls.t.line) // luaK_dischargevars after ')'
		}
		ls.checkMatch(')', '(', line)
		switch in := inner.(type) {
		case *ast.FuncCallExpr:
			in.AdjustRet = true // one value
		case *ast.Comma3Expr:
			in.AdjustRet = true
			in.SetLine(open)
		default:
			inner.SetLine(open)
		}
		e, kind = inner, expOther
	case tkName:
		e, kind = ls.singleVar(), expVariable
	default:
		ls.syntaxError("unexpected symbol")
	}
	for {
		switch ls.t.tok {
		case '.':
			key := ls.fieldName()
			get := &ast.AttrGetExpr{Object: e, Key: key}
			get.SetLine(e.Line())
			e, kind = get, expVariable
		case '[':
			ls.luaXNext()
			key := ls.expr()
			end := ls.t.line
			ls.checkNextTok(']')
			get := &ast.AttrGetExpr{Object: e, Key: key}
			get.SetLine(e.Line())
			get.SetLastLine(end) // read no earlier than at the bracket
			e, kind = get, expVariable
		case ':':
			ls.luaXNext()
			method := ls.strCheckName()
			// luaK_self codes OP_SELF once the name is read
			call := &ast.FuncCallExpr{Receiver: e, Method: method.str, MethodLine: ls.lastLine}
			call.SetLine(e.Line())
			ls.funcArgs(call)
			e, kind = call, expCall
		case '(', tkString, '{':
			call := &ast.FuncCallExpr{Func: e}
			call.SetLine(e.Line())
			ls.funcArgs(call)
			e, kind = call, expCall
		default:
			return e, kind
		}
	}
}

// simpleExp is simpleexp.
func (ls *lexState) simpleExp() ast.Expr {
	t := ls.t
	var e ast.Expr
	switch t.tok {
	case tkNumber:
		e = &ast.NumberExpr{Value: t.str}
	case tkString:
		e = &ast.StringExpr{Value: t.str}
	case tkNil:
		e = &ast.NilExpr{}
	case tkTrue:
		e = &ast.TrueExpr{}
	case tkFalse:
		e = &ast.FalseExpr{}
	case tkDots:
		if !ls.fs.isVararg {
			ls.syntaxError("cannot use '...' outside a vararg function")
		}
		e = &ast.Comma3Expr{}
	case '{':
		return ls.constructor()
	case tkFunction:
		ls.luaXNext()
		fn := ls.body(false, ls.line)
		fn.SetLine(t.line)
		return fn
	default:
		e, _ = ls.primaryExp()
		return e
	}
	e.SetLine(t.line)
	ls.luaXNext()
	return e
}

// constructor is constructor: '{' [ field { sep field } [sep] ] '}'.
func (ls *lexState) constructor() ast.Expr {
	open := ls.t.line
	line := ls.line
	ls.checkNextTok('{')
	tbl := &ast.TableExpr{Fields: []*ast.Field{}}
	tbl.SetLine(open)
	// pending is the last list item, read into its register when the next
	// field starts (closelistfield) or after '}' (lastlistfield)
	var pending ast.Expr
	for {
		if ls.t.tok == '}' {
			break
		}
		if pending != nil {
			discharged(pending, ls.lastLine) // the separator's line
			pending = nil
		}
		switch ls.t.tok {
		case tkName:
			ls.lookahead()
			if ls.ahead.tok != '=' {
				pending = ls.expr()
				tbl.Fields = append(tbl.Fields, &ast.Field{Value: pending})
			} else {
				name := ls.strCheckName()
				key := &ast.StringExpr{Value: name.str}
				key.SetLine(name.line)
				ls.checkNextTok('=')
				tbl.Fields = append(tbl.Fields, &ast.Field{Key: key, Value: ls.expr()})
			}
		case '[':
			ls.luaXNext()
			key := ls.expr()
			ls.checkNextTok(']')
			ls.checkNextTok('=')
			tbl.Fields = append(tbl.Fields, &ast.Field{Key: key, Value: ls.expr()})
		default:
			pending = ls.expr()
			tbl.Fields = append(tbl.Fields, &ast.Field{Value: pending})
		}
		if !ls.testNext(',') && !ls.testNext(';') {
			break
		}
	}
	tbl.SetLastLine(ls.t.line) // '}', for what is coded after it
	ls.checkMatch('}', '{', line)
	if pending != nil {
		discharged(pending, ls.lastLine)
	}
	return tbl
}

// Binary operators' priorities (left, right) and the unary one.
var binaryPriority = map[int][2]int{
	'+': {6, 6}, '-': {6, 6}, '*': {7, 7}, '/': {7, 7}, '%': {7, 7},
	'^': {10, 9}, tkConcat: {5, 4},
	tkNE: {3, 3}, tkEq: {3, 3},
	'<': {3, 3}, tkLE: {3, 3}, '>': {3, 3}, tkGE: {3, 3},
	tkAnd: {2, 2}, tkOr: {1, 1},
}

const unaryPriority = 8

func (ls *lexState) expr() ast.Expr {
	e, _ := ls.subExpr(0)
	return e
}

// subExpr is subexpr: (simpleexp | unop subexpr) { binop subexpr }, for
// the binary operators of priority above limit; it returns the first
// operator left.
func (ls *lexState) subExpr(limit int) (ast.Expr, int) {
	ls.enterLevel()
	var e ast.Expr
	switch op := ls.t.tok; op {
	case tkNot, '-', '#':
		ls.luaXNext()
		operand, _ := ls.subExpr(unaryPriority)
		switch op {
		case tkNot:
			e = &ast.UnaryNotOpExpr{Expr: operand}
		case '-':
			e = &ast.UnaryMinusOpExpr{Expr: operand}
		default:
			e = &ast.UnaryLenOpExpr{Expr: operand}
		}
		e.SetLine(operand.Line())
	default:
		e = ls.simpleExp()
	}
	op := ls.t.tok
	for {
		pri, ok := binaryPriority[op]
		if !ok || pri[0] <= limit {
			break
		}
		ls.luaXNext()
		rhs, next := ls.subExpr(pri[1])
		e = binary(op, e, rhs)
		op = next
	}
	ls.leaveLevel()
	return e, op
}

func binary(op int, lhs, rhs ast.Expr) ast.Expr {
	var e ast.Expr
	switch op {
	case tkAnd, tkOr:
		e = &ast.LogicalOpExpr{Operator: token2str(op), Lhs: lhs, Rhs: rhs}
	case tkEq, tkNE, '<', tkLE, '>', tkGE:
		e = &ast.RelationalOpExpr{Operator: token2str(op), Lhs: lhs, Rhs: rhs}
	case tkConcat:
		e = &ast.StringConcatOpExpr{Lhs: lhs, Rhs: rhs}
	default:
		e = &ast.ArithmeticOpExpr{Operator: token2str(op), Lhs: lhs, Rhs: rhs}
	}
	e.SetLine(lhs.Line())
	return e
}

/* }}} */
