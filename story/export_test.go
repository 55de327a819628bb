package story

// SetMaxKept sets how many decoded lines a Trace keeps, for a test, and
// returns what puts it back.
func SetMaxKept(n int) (restore func()) {
	old := maxKept
	maxKept = n
	return func() { maxKept = old }
}
