package clients

import (
	"fmt"
	"strings"
)

// ClientOverrides changes Redisson's Config for a run (zero: the default).
type ClientOverrides struct {
	LockWatchdogTimeout int64 `json:"lock_watchdog_timeout_ms,omitempty"` // ms (Config.lockWatchdogTimeout, 30000)
	ThreadWaitTime      int64 `json:"thread_wait_time_ms,omitempty"`      // ms (fair lock; 3.8.1 has it fixed at 5000)
	Timeout             int64 `json:"timeout_ms,omitempty"`               // ms (Config.timeout, 3000)
	RetryAttempts       int   `json:"retry_attempts,omitempty"`           // Config.retryAttempts (3)
	RetryInterval       int64 `json:"retry_interval_ms,omitempty"`        // ms (Config.retryInterval, 1500)
	SubscriptionTimeout int64 `json:"subscription_timeout_ms,omitempty"`  // ms (4.7.0's Config.subscriptionTimeout, 7500)
}

// The bounds of a setting, in ms, that simrun's flags and job files hold
// to: a job's reproducing commands must parse as flags.
const (
	MinWatchdogMs    = 100
	MaxSettingMs     = 3_600_000
	MaxRetryAttempts = 100
)

// CheckBounds refuses a setting outside the bounds simrun's flags take.
func (c ClientOverrides) CheckBounds() error {
	for _, x := range []struct {
		name string
		ms   int64
		min  int64
	}{{"lockWatchdogTimeout", c.LockWatchdogTimeout, MinWatchdogMs}, {"fairLockWaitTimeout", c.ThreadWaitTime, 1}, {"timeout", c.Timeout, 1}, {"retryInterval", c.RetryInterval, 1}, {"subscriptionTimeout", c.SubscriptionTimeout, 1}} {
		if x.ms != 0 && (x.ms < x.min || x.ms > MaxSettingMs) {
			return fmt.Errorf("%s %d ms: want %d to %d ms", x.name, x.ms, x.min, MaxSettingMs)
		}
	}
	if c.RetryAttempts < 0 || c.RetryAttempts > MaxRetryAttempts {
		return fmt.Errorf("retryAttempts %d: want 0 to %d", c.RetryAttempts, MaxRetryAttempts)
	}
	return nil
}

// String names the settings c changes, as Redisson's Config calls them
// ("defaults" when none).
func (c ClientOverrides) String() string {
	var parts []string
	for _, x := range []struct {
		name string
		ms   int64
	}{{"lockWatchdogTimeout", c.LockWatchdogTimeout}, {"fairLockWaitTimeout", c.ThreadWaitTime}, {"timeout", c.Timeout}, {"retryInterval", c.RetryInterval}, {"subscriptionTimeout", c.SubscriptionTimeout}} {
		if x.ms != 0 {
			parts = append(parts, fmt.Sprintf("%s %d ms", x.name, x.ms))
		}
	}
	if c.RetryAttempts != 0 {
		parts = append(parts, fmt.Sprintf("retryAttempts %d", c.RetryAttempts))
	}
	if len(parts) == 0 {
		return "defaults"
	}
	return strings.Join(parts, ", ")
}

// Apply sets the non-zero overrides on o.
func (c ClientOverrides) Apply(o *Options) error {
	if c.ThreadWaitTime != 0 && o.FixedThreadWait() {
		return fmt.Errorf("threadWaitTime is fixed at 5000 ms in Redisson 3.8.1")
	}
	if c.SubscriptionTimeout != 0 && o.SubscriptionTimeout == 0 {
		return fmt.Errorf("subscriptionTimeout is a setting of Redisson 4.7.0 (3.x waits for a subscription Config.timeout, or timeout + retryInterval × retryAttempts in 3.8.1)")
	}
	if c.RetryInterval > 0 {
		// 4.7.0: setRetryInterval replaces retryDelay by a ConstantDelay (BaseConfig.java:329-333).
		o.JitterMax = 0
	}
	for _, x := range []struct {
		v   int64
		dst *int64
	}{{c.LockWatchdogTimeout, &o.LockWatchdogTimeout}, {c.ThreadWaitTime, &o.ThreadWaitTime}, {c.Timeout, &o.Timeout}, {c.RetryInterval, &o.RetryInterval}, {c.SubscriptionTimeout, &o.SubscriptionTimeout}} {
		if x.v < 0 {
			return fmt.Errorf("client settings must be positive, got %d", x.v)
		}
		if x.v > 0 {
			*x.dst = x.v
		}
	}
	if c.RetryAttempts < 0 {
		return fmt.Errorf("retry attempts must not be negative, got %d", c.RetryAttempts)
	}
	if c.RetryAttempts > 0 {
		o.RetryAttempts = c.RetryAttempts
	}
	return nil
}
