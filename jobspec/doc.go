// Package jobspec reads a job file: the main job's matrix (algorithms,
// fault presets, seeds, Redisson settings per algorithm) and the catalogue
// of the findings it accepts as known, each with the properties and
// causes it explains, the client code path it must have taken, and where
// it is known from. The data lives in TOML, in the spirit of
// FoundationDB's test files, so that a team records the findings it
// accepts in review, not in Go.
//
// The embedded main job (main.toml, Main) is what `simrun` runs when no
// --job names another; `simrun --job FILE` runs one's own. A file may
// begin with
//
//	extends = "main"
//
// to take the main job's matrix and catalogue, then change the matrix's
// keys it sets and add its own flaws after the main job's. The main job's
// expected findings (Expect) are its matrix's own, and are not taken.
//
// # The file
//
//	name = "payments"              # names the job in its reports
//	seeds = "1-50"                 # LO-HI, inclusive
//	algorithms = ["rlock-3.16.8"]  # simrun's algorithm names
//	presets = ["none", "net"]      # fault presets, in the tables' order
//
//	[settings."rlock-3.16.8"]      # Redisson Config, milliseconds
//	lockWatchdogTimeout = 10000
//
//	[sets]                         # lists a flaw names as "@name"
//	lock-loss = ["mutex", "expiry"]
//
//	[[flaw]]
//	name = "our-short-lease"
//	algorithms = ["rlock-3.16.8"]
//	breaks = ["@lock-loss"]        # properties, or property/kind
//	causes = ["kept-lease"]        # the checks' causes it makes
//	paths = ["lease-kept"]         # client code paths; none: the design
//	what = "..."
//	ref = "..."                    # upstream issue, review, ticket
//	java = "..."                   # the lines it ports
//
//	[[expect]]                     # a finding the job must be able to show
//	algorithm = "rlock-3.16.8"
//	preset = "net"
//	property = "holds"
//	class = "known"                # bug, known or by-design
//	within = 40                    # seeds 1..40
//	what = "..."
//	mechanism = "..."              # a word its mechanism names (by design: the fault)
//	path = "resend-acquire"        # the code path its run must have taken
//	settings = { lockWatchdogTimeout = 3000 }
//	ref = "..."
//	scenario = "scenario/testdata/commands.txt"
//
// Every key is checked: an unknown key, algorithm, preset, property,
// path or set, a setting the algorithm's version does not have, or a
// flaw named twice is an error naming the file and the place.
//
// It imports checks, clients, internal/flagx and sim of this project.
package jobspec
