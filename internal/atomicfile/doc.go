// Package atomicfile writes output files so that a reader sees either the
// old content or the whole new content, never a half-written file, without
// ever replacing something that is not a regular file.
//
// What a path names decides how it is written:
//
//   - one of the process's own descriptors (/dev/stdout, /dev/stderr,
//     /dev/fd/N, /proc/self/fd/N): written through the descriptor the
//     process already has, never reopened, truncated or renamed over, so
//     that `> file`, `>> file` and a pipe behind it all get the bytes as
//     a shell's redirection set them up;
//   - a new path, or an existing regular file: a temporary file in the same
//     directory, synced, then renamed over the target (an existing file
//     keeps its permissions, and one the process may not write is not
//     replaced); missing parent directories are created for the write and
//     removed again if it fails;
//   - a symbolic link: the link is followed (also a dangling one) and its
//     target is written by these rules, so the link stays a link;
//   - anything else that exists (a device such as /dev/null or /dev/full,
//     a named pipe): written directly, as a shell's > would; renaming over
//     it would replace a device node or a pipe with a regular file.
//
// [Check] tells before any work starts whether a path can be written.
// [Same] tells whether two paths are written to the same place. [Set]
// writes several files all or nothing. [Abort] removes every temporary
// file still being written, and the directories made for them, for a
// process that is interrupted.
//
// It imports nothing of this project.
package atomicfile
