// Package flagx adds to the standard flag package what every command of
// the project needs: Parse, which refuses a flag given twice, names every
// flag with two dashes and tells a refused value as an *Error naming its
// flag; integer flags read as plain decimal (010 is ten) that accept only
// a range of values (the error names the flag and the range); the set of
// flags a command line actually set (to refuse one that does not apply);
// the help text that lists every flag with its default; the values of
// --seeds (an inclusive seed range) and --shard (every n-th seed of one);
// and Quote and Echo, which show a value the user gave in a one-line
// message quoted, look-alike characters escaped, cut at MaxEcho bytes.
//
// It imports nothing of this project.
package flagx
