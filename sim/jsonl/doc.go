// Package jsonl writes JSON the way every file of this project does: no
// HTML escaping (Lua such as "a <= b" stays readable), no trailing newline,
// so traces, conformance files and reports are byte-stable and diffable;
// and reads back what traces hold.
//
// It sits under sim/ because the simulator's trace and replies are written
// with it and sim imports no project package outside sim/. It imports
// nothing of this project. The readers of traces, conformance files and sweep logs
// outside sim use it from here.
package jsonl
