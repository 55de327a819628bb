package main

import (
	"fmt"
	"strconv"
	"strings"
)

// token is one lexical element of a Java source that matters here: a string
// literal (its decoded value), or any other single character or word.
type token struct {
	str  bool   // a string literal
	text string // the literal's decoded value, or the raw token text
	line int    // 1-based line where the token starts
}

// lex splits Java source into tokens, dropping whitespace, // and /* */
// comments, and char literals (kept as one opaque token). It decodes string
// literals' escapes as javac does (JLS §3.10.7); a text block (""") or a
// Unicode escape (\uXXXX, which javac translates before lexing) is refused
// rather than guessed at, since no lock script uses one.
func lex(src string) ([]token, error) {
	var toks []token
	line := 1
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			i++
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return nil, fmt.Errorf("line %d: unterminated comment", line)
			}
			line += strings.Count(src[i:i+2+end+2], "\n")
			i += 2 + end + 2
		case strings.HasPrefix(src[i:], `"""`):
			return nil, fmt.Errorf("line %d: text block not supported", line)
		case c == '"' || c == '\'':
			val, n, err := literal(src[i:], c)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			if c == '"' {
				toks = append(toks, token{str: true, text: val, line: line})
			} else {
				toks = append(toks, token{text: src[i : i+n], line: line})
			}
			i += n
		case isWord(c):
			j := i
			for j < len(src) && isWord(src[j]) {
				j++
			}
			toks = append(toks, token{text: src[i:j], line: line})
			i = j
		default:
			toks = append(toks, token{text: string(c), line: line})
			i++
		}
	}
	return toks, nil
}

func isWord(c byte) bool {
	return c == '_' || c == '$' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// literal decodes the string or char literal at the start of s, quoted by
// q, and returns its value and length in s.
func literal(s string, q byte) (string, int, error) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == q:
			return b.String(), i + 1, nil
		case c == '\n':
			return "", 0, fmt.Errorf("line break inside a literal")
		case c != '\\':
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			break
		}
		switch e := s[i]; e {
		case 'b':
			b.WriteByte('\b')
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'f':
			b.WriteByte('\f')
		case 'r':
			b.WriteByte('\r')
		case 's':
			b.WriteByte(' ')
		case '"', '\'', '\\':
			b.WriteByte(e)
		case 'u':
			return "", 0, fmt.Errorf("unicode escape not supported")
		default:
			if e < '0' || e > '7' {
				return "", 0, fmt.Errorf("bad escape \\%c", e)
			}
			// Octal escape: up to three digits, at most \377.
			j := i
			for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			if j == i+3 && s[i] > '3' {
				j--
			}
			v, _ := strconv.ParseUint(s[i:j], 8, 8)
			b.WriteByte(byte(v))
			i = j - 1
		}
	}
	return "", 0, fmt.Errorf("unterminated literal")
}

// Extracted is one script expression found in a Java source.
type Extracted struct {
	Text      string // the literals concatenated: the bytes Java passes
	FirstLine int    // line of the first literal
	LastLine  int    // line of the last literal
}

// extract finds the first string literal on or after line from and
// concatenates it with the literals that follow it joined by '+', as javac
// folds a constant expression. Comments between the pieces are skipped. It
// fails when a '+' is followed by anything but a literal (a runtime value
// in the script), or when the expression ends in anything but ',' or ')'
// (the end of the script argument).
func extract(toks []token, from int) (Extracted, error) {
	i := 0
	for i < len(toks) && !(toks[i].str && toks[i].line >= from) {
		i++
	}
	if i == len(toks) {
		return Extracted{}, fmt.Errorf("no string literal on or after line %d", from)
	}
	e := Extracted{FirstLine: toks[i].line}
	var b strings.Builder
	for {
		b.WriteString(toks[i].text)
		e.LastLine = toks[i].line
		i++
		if i < len(toks) && toks[i].text == "+" {
			if i+1 >= len(toks) || !toks[i+1].str {
				return Extracted{}, fmt.Errorf("line %d: '+' joins a non-literal to the script (built at run time)", toks[i].line)
			}
			i++
			continue
		}
		break
	}
	if i >= len(toks) || (toks[i].text != "," && toks[i].text != ")") {
		return Extracted{}, fmt.Errorf("line %d: script expression not followed by ',' or ')'", e.LastLine)
	}
	e.Text = b.String()
	return e, nil
}

// methodEnd returns the line of the '}' that closes the body of the method
// named name whose name token is on line decl: the first '{' after the name
// opens the body (parameter lists of lock methods hold no braces).
func methodEnd(toks []token, decl int, name string) (int, error) {
	i := 0
	for i < len(toks) && !(toks[i].line == decl && !toks[i].str && toks[i].text == name) {
		i++
	}
	if i == len(toks) {
		return 0, fmt.Errorf("no method %s declared on line %d", name, decl)
	}
	for i < len(toks) && toks[i].text != "{" {
		if toks[i].text == ";" {
			return 0, fmt.Errorf("line %d: %s has no body", decl, name)
		}
		i++
	}
	depth := 0
	for ; i < len(toks); i++ {
		if toks[i].str {
			continue
		}
		switch toks[i].text {
		case "{":
			depth++
		case "}":
			depth--
			if depth == 0 {
				return toks[i].line, nil
			}
		}
	}
	return 0, fmt.Errorf("line %d: %s's body is not closed", decl, name)
}
