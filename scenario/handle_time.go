package scenario

import "fmt"

// handleAdvance: advance D — move the scenario's time forward by D,
// running everything that falls due.
func handleAdvance(e *Env, a *args) (string, error) {
	if err := a.finish(1, "advance D"); err != nil {
		return "", err
	}
	d, err := posDur(a, 0)
	if err != nil {
		return "", err
	}
	if d < 0 {
		return "", fmt.Errorf("advance: %s is negative (time only moves forward)", d)
	}
	e.now = e.now.Add(d)
	if e.now > e.w.Now() {
		e.runBefore(e.now + 1) // everything due up to e.now, within the command's bound
		if e.overrun != nil || e.w.Err() != nil {
			return "", nil // Do reports it
		}
		e.w.RunUntil(e.now) // nothing left to run: it moves the clock to e.now
	}
	e.settle()
	return e.at(), nil
}
