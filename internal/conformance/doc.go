// Package conformance reads, runs and writes conformance files: replies a
// real Redis 7.0 gave to the real Redisson scripts, plain commands and Lua
// probes, which the simulated store must reproduce exactly.
//
// # Format
//
// JSON Lines, one object per line:
//
//	{"case": NAME}                                            starts a case with an empty store
//	{"t": MS, "script": ID, "keys": [...], "argv": [...], "reply": R}  runs a script by registry ID
//	{"t": MS, "eval": LUA, "keys": [...], "argv": [...], "reply": R}   runs inline Lua
//	{"t": MS, "cmd": ["PTTL", "myLock"], "reply": R}                   runs a command
//
// t is the server clock (Unix ms) at that step. R is nil → null, integer →
// number, bulk → string, array → array, status → {"ok": TEXT}, error →
// {"err": TEXT}. Numbers are decoded exactly, so -9223372036854775808 survives.
//
// A script ID resolves through NewResolver: from a directory of the user's
// scripts for the IDs it holds, from the embedded registry for the others
// (scripts.Pick), each compiled once.
//
// It imports scripts, sim and sim/jsonl of this project.
package conformance
