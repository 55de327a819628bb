// Command javalua extracts Redisson's Lua scripts from its Java source, byte
// for byte, and checks them against scripts/redisson/.
//
// Redisson passes each lock script to EVAL as a Java constant expression:
// string literals joined by '+', often with // comments between them. The
// bytes Redis receives are the literals' values concatenated, nothing else,
// and their SHA1 is the one EVALSHA uses. javalua lexes the Java file as
// javac does (comments dropped, escapes decoded), takes the first literal on
// or after a given line, and joins it with every "+ literal" that follows. A
// '+' followed by anything else (a value known only at run time) is an
// error, not a guess.
//
// Which scripts, from which file and line, comes from scripts/manifest.json:
// every entry with "java_file" is extracted from <repo> at the entry's tag
// (git show <tag>:<java_file>), starting at the first line of "script_lines"
// ("216-222"); the literals must end on its last line, and lie inside the
// method the ID names, declared on the first line of "java_method_lines"
// ("214-224") and closed on its last.
//
// Usage:
//
//	go run ./tools/javalua -git /path/to/redisson.git [-manifest scripts/manifest.json] [-dir scripts/redisson] [-write] [-version V]
//
// Without -write it compares each extracted text with <dir>/<ID>.lua and with
// the entry's expected_sha1, prints one line per script (ID, lines, bytes,
// SHA1, whitespace-free fingerprint, verdict) and exits 1 on any difference.
// With -write it writes the .lua files (atomically; only for -version when
// given) and then checks. Exit 2 on bad usage or input.
//
// It imports internal/atomicfile of this project.
package main
