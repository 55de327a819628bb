package flagx

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxEcho is how many bytes of a value a message shows: a value given on
// the command line can be of any length (a 100 KB argument is one line
// of a terminal's scrollback), and a message is one line.
const MaxEcho = 200

// Quote quotes a value the user gave — a flag's value, an argument, a
// path — for a one-line message. It quotes as strconv.Quote does, and
// escapes as well every character outside ASCII that is not a letter or
// a combining mark: a look-alike of a hyphen (U+2011, U+2212), of a
// space (U+00A0) or of a digit shows as what it is ("1\u22125" rather
// than "1−5", which reads as a valid range); a name in any script stays
// readable. A value longer than MaxEcho bytes is cut there, and its
// length given: "xxx…" (102400 bytes).
func Quote(s string) string {
	cut := s
	if len(s) > MaxEcho {
		n := MaxEcho
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		cut = s[:n]
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(cut); {
		r, w := utf8.DecodeRuneInString(cut[i:])
		switch {
		case r == utf8.RuneError && w == 1:
			fmt.Fprintf(&b, `\x%02x`, cut[i])
		case r < utf8.RuneSelf:
			q := strconv.QuoteRune(r) // 'x', '\n', '\''
			if r == '\'' {
				b.WriteByte('\'')
			} else if r == '"' {
				b.WriteString(`\"`)
			} else {
				b.WriteString(q[1 : len(q)-1])
			}
		case unicode.IsLetter(r) || unicode.IsMark(r):
			b.WriteString(cut[i : i+w])
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
		i += w
	}
	b.WriteByte('"')
	if len(cut) < len(s) {
		fmt.Fprintf(&b, "… (%d bytes)", len(s))
	}
	return b.String()
}

// Echo is s as it is when it reads unambiguously in a message — at most
// MaxEcho bytes of printable ASCII, no space, quote or backslash — and
// Quote(s) otherwise: a name or a number a message shows bare ("flag
// provided but not defined: --nope", "10000 is out of range") stays so,
// and anything else is shown for what it is.
func Echo(s string) string {
	if s == "" || len(s) > MaxEcho {
		return Quote(s)
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f || c == '"' || c == '\'' || c == '\\' {
			return Quote(s)
		}
	}
	return s
}

// NeedsQuote reports whether a message that shows s as it is could
// mislead or overflow: s is longer than MaxEcho bytes, or holds a byte
// that is not valid UTF-8, a control character, or a character Quote
// escapes.
func NeedsQuote(s string) bool {
	if len(s) > MaxEcho {
		return true
	}
	for _, r := range s { // a byte that is not UTF-8 is utf8.RuneError
		if r < ' ' || r == 0x7f || r >= utf8.RuneSelf && !unicode.IsLetter(r) && !unicode.IsMark(r) {
			return true
		}
	}
	return false
}
