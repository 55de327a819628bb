// Package settingsmap writes what `simrun settings` makes of a
// settings.Map: its markdown (the advice, the envelope, the map of each
// knob against the longest pause, every setting at the envelope, the
// check against arithmetic), its SVG (the safe region outlined, the same
// bytes for the same map), its JSON (Version 1: the raw counts that
// shards merge by adding, and what follows from them) and the reader of
// that JSON, its advice in one line, and results/settings.md (Page), the
// maps of several locks and envelopes with a section for Redisson users.
// Running the worlds, counting them, merging shards and checking the
// boundary against arithmetic are package settings'; this package only
// writes, and reads back what it wrote.
//
// It imports run, settings and sim of this project.
package settingsmap
