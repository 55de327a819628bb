// Package interrupt turns SIGINT and SIGTERM into the cancellation of a
// context, so a command can stop promptly, keep what is complete and exit
// with the shell's code for the signal (128 + its number: 130 for SIGINT,
// 143 for SIGTERM).
//
// Only the first signal is caught: the handler is released when it
// arrives, so a second Ctrl-C ends a process that does not stop in time
// the default way.
//
// It imports nothing of this project.
package interrupt
