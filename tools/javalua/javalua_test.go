package main

import (
	"bytes"
	"strings"
	"testing"
)

const sample = `class A {
    /* a "comment" with a quote */
    <T> RFuture<T> tryLockInnerAsync(long leaseTime) {
        return eval(getRawName(), LongCodec.INSTANCE, command,
                // remove stale threads
                "while true do " +
                    "local a = 'x';" +
                // "return 0;" +
                    "if a then " + /* inline */ "break; end;" +
                "end;",
                Arrays.asList(getRawName()), '"', "tab\there\\ \"q\" \101");
    }

    void built(int n) {
        eval("return " + n + ";");
    }
}
`

func TestExtract(t *testing.T) {
	toks, err := lex(sample)
	if err != nil {
		t.Fatal(err)
	}
	x, err := extract(toks, 4)
	if err != nil {
		t.Fatal(err)
	}
	want := "while true do local a = 'x';if a then break; end;end;"
	if x.Text != want || x.FirstLine != 6 || x.LastLine != 10 {
		t.Errorf("got %q lines %d-%d, want %q lines 6-10", x.Text, x.FirstLine, x.LastLine, want)
	}
	// The literal after the char literal: escapes decoded as javac does.
	x, err = extract(toks, 11)
	if err != nil {
		t.Fatal(err)
	}
	if x.Text != "tab\there\\ \"q\" A" {
		t.Errorf("escapes: got %q", x.Text)
	}
	end, err := methodEnd(toks, 3, "tryLockInnerAsync")
	if err != nil || end != 12 {
		t.Errorf("methodEnd = %d, %v; want 12", end, err)
	}
	// A script with a value joined at run time is refused.
	if _, err := extract(toks, 15); err == nil || !strings.Contains(err.Error(), "line 15: '+' joins a non-literal") {
		t.Errorf("run-time concatenation: err %v", err)
	}
	if _, err := methodEnd(toks, 4, "tryLockInnerAsync"); err == nil {
		t.Error("methodEnd found a method on the wrong line")
	}
}

func TestLexErrors(t *testing.T) {
	for src, want := range map[string]string{
		"a\n/* open":       "line 2: unterminated comment",
		"x = \"abc\ndef\"": "line 1: line break inside a literal",
		`x = "\u0041"`:     "unicode escape not supported",
		`x = """
text"""`: "text block not supported",
	} {
		if _, err := lex(src); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("lex(%q): err %v, want %q", src, err, want)
		}
	}
}

func TestRunUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "-git DIR is required") {
		t.Errorf("no -git: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"-git", t.TempDir(), "-manifest", "nope.json"}, &out, &errb); code != 2 || strings.Count(errb.String(), "\n") != 1 {
		t.Errorf("missing manifest: exit %d, %q", code, errb.String())
	}
}
