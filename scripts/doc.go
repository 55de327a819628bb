// Package scripts holds the exact Lua scripts that Redisson's locks send to
// Redis, for Redisson 3.8.1, 3.16.8 and 4.7.0, with a manifest of where each
// comes from and what its KEYS and ARGV mean, and a registry to look them up.
//
// The package is a leaf: it imports nothing of this project, only the
// standard library.
//
// # What the package holds
//
// Twenty-nine scripts: nine for each 3.x version, eleven for 4.7.0.
//
//   - RedissonLock (non-fair reentrant lock): tryLockInnerAsync (acquire; the
//     same text is sent with EVAL_LONG by lock/tryLock(wait, ...) and with
//     EVAL_NULL_BOOLEAN by tryLock()), unlockInnerAsync, forceUnlockAsync, and
//     in 3.x the watchdog's renewExpirationAsync (in RedissonLock in 3.8.1, in
//     RedissonBaseLock in 3.16.8).
//   - RedissonFairLock: tryLockInnerAsync in two variants, EVAL_LONG (lock,
//     tryLock with a wait: may enqueue) and EVAL_NULL_BOOLEAN (tryLock() with
//     no wait: never enqueues), acquireFailedAsync (a tryLock gave up),
//     unlockInnerAsync and forceUnlockAsync.
//   - 4.7.0 only: RedissonFencedLock.tryLockInnerAsync in two overloads, the
//     RLock one (increments the fencing token, replies as RedissonLock's) and
//     the EVAL_LONG_LIST one of lockAndGetToken/tryLockAndGetToken (replies
//     {-1, token} or {pttl, -1}); and LockTask.buildChunk, the renewal of
//     org.redisson.renewal, which renews up to lockWatchdogBatchSize locks of
//     a client in one call (KEYS[i] with owner ARGV[i+1]). The 4.7.0 unlock
//     scripts take an unlock latch key and the publish command as arguments.
//
// Some texts are shared: both 3.x versions send the same renew, forceUnlock
// (both locks) and fair unlock scripts, and 4.7.0 sends 3.16.8's fair
// acquireFailed; each version still has its own file with the same bytes.
// manifest.json (embedded) records for each script its Redisson tag, Java
// method and RedisCommands constant, the meaning of every KEYS and ARGV
// entry, its replies, the expected SHA1 and whitespace-free fingerprint, its
// provenance, where it is in Redisson's source (file, method lines, script
// lines) and, for 4.7.0, which executor method sends it. [Lookup], [All],
// [IDs] and [Versions] read the registry; [FS] exposes the embedded tree.
//
// # IDs and files
//
// A script ID is "<version>/<JavaClass>.<javaMethod>[.<variant>]", and its
// file is redisson/<ID>.lua in this directory:
//
//	3.16.8/RedissonFairLock.tryLockInnerAsync.EVAL_LONG
//	  -> redisson/3.16.8/RedissonFairLock.tryLockInnerAsync.EVAL_LONG.lua
//	3.16.8/RedissonBaseLock.renewExpirationAsync
//	  -> redisson/3.16.8/RedissonBaseLock.renewExpirationAsync.lua
//
// JavaClass is the class whose method holds the script at that tag (without
// its package: LockTask is org.redisson.renewal.LockTask). The variant is
// only used where one Java method name sends two different texts, and names
// the RedisCommands constant that tells them apart
// (RedissonFairLock.tryLockInnerAsync: EVAL_LONG and EVAL_NULL_BOOLEAN;
// RedissonFencedLock.tryLockInnerAsync: the EVAL_LONG_LIST overload).
//
// # Byte-exactness
//
// Each .lua file is byte for byte the string Redisson passes to EVAL: the
// Java string literals concatenated, with no comment, no added whitespace and
// no newline at the end (Redisson's scripts are one line, so Redis reports
// every error at user_script:1). Provenance lives in manifest.json, never in
// a .lua file. Because of this, [Script.SHA1] is the digest Redisson uses
// for EVALSHA and the one Redis prints in error replies
// ("... script: <sha1>, on @user_script:1."), so it can be matched against a
// real server (SCRIPT EXISTS <sha1>) or a real error log.
//
// Every embedded script's SHA1 equals its ExpectedSHA1. Four texts (six
// files) were first transcribed from the seed articles (seed 001: both fair
// EVAL_LONG scripts and the fair unlock; seed 002: renew) and the other 3.x
// ones reconstructed from Redisson's source, accepted once their SHA1 matched
// the fingerprint table of redisson-facts.md §1 (copied into
// testdata/fingerprints.md). tools/javalua extracts every script from the
// Java source at its tag (the literals concatenated as javac folds them) and
// reproduces all 29 files byte for byte; its output is kept in
// testdata/javalua.txt and the 4.7.0 files were written by it. The error
// replies of a real Redis 7.0 in the conformance files name the same SHA1s
// (testdata/conformance-error-sha1.txt).
//
// A script whose KEYS and ARGV grow with the call (Script.Varies, e.g. the
// renewal of N locks) is stored once: its text does not change with N.
//
// [NoWSFingerprint] hashes a text with all whitespace removed: when SHA1
// differs but the fingerprint equals ExpectedNoWS, the tokens are right and
// only the spacing is off.
//
// # Checking your own scripts
//
// To run the harness on a fork or a fix, put the scripts in a directory with
// the same layout as the embedded tree and load it with [LoadDir]:
//
//	mydir/3.16.8/RedissonFairLock.tryLockInnerAsync.EVAL_LONG.lua
//
// The path below the directory is the ID and must be a known ID; any subset
// of IDs may be present (use the embedded script for the rest), and files
// not ending in ".lua" are ignored. [FS] gives the embedded tree to copy as
// a starting point. Files are read as they are, so make sure your editor adds
// no final newline if you want the SHA1 to match Redisson's. Each loaded
// [Script] keeps the embedded metadata and ExpectedSHA1, so
// [Script.IsOriginal] reports whether the file is Redisson's text, and
// comparing [Script.NoWS] with ExpectedNoWS tells a spacing-only difference
// from a real change. By hand, "sha1sum file.lua" prints the same SHA1 as
// [Script.SHA1].
package scripts
