// Package atomicfile writes output files so that a reader sees either the
// old content or the whole new content, never a half-written file, without
// ever replacing something that is not a regular file.
//
// What a path names decides how it is written:
//
//   - a new path, or an existing regular file: a temporary file in the same
//     directory, synced, then renamed over the target (an existing file
//     keeps its permissions); missing parent directories are created;
//   - a symbolic link: the link is followed (also a dangling one) and its
//     target is written by these rules, so the link stays a link;
//   - anything else that exists (a device such as /dev/stdout or /dev/full,
//     a named pipe): written directly, as a shell's > would; renaming over
//     it would replace a device node or a pipe with a regular file.
//
// [Check] tells before any work starts whether a path can be written.
// [Set] writes several files all or nothing. [Abort] removes every
// temporary file still being written, for a process that is interrupted.
package atomicfile
