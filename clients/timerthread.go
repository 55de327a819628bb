package clients

// Which of a client's timers run on Redisson's timer thread (netty's
// HashedWheelTimer behind ConnectionManager.newTimeout, 4.7.0's
// ServiceManager.newTimeout), which a sim.FaultTimerDelay stalls while the
// application's threads run on. A thread's own timed wait (lock()'s
// latch, tryLock's subscribeFuture.get(time)) and a sleep are not on it.

// OnTimerThread is sim.TimerThread: whether the timer tagged tag runs on
// the client's timer thread.
func (h *Host) OnTimerThread(tag any) bool {
	k, ok := tag.(TimerKey)
	return ok && h.c != nil && h.c.onTimerThread(k)
}

// onTimerThread reports whether timer k is a task of Redisson's timer
// thread.
func (c *Client) onTimerThread(k TimerKey) bool {
	if c.cf.Simple != "" {
		// seed 003's programs block on their socket and sleep to poll: no
		// timer thread of their own
		return false
	}
	switch k.Kind {
	case TimerWatchdog:
		// R8:RedissonLock.java:230, R16:RedissonBaseLock.java:135,
		// 4.7.0 renewal/RenewalTask.java:68: newTimeout(task, leaseTime/3)
		return true
	case TimerExec, TimerTaskExec, TimerDetachedExec:
		// the executor's response timeout and retry: R8:CommandAsyncService.java:631,752;
		// R16:RedisExecutor.java:259,343; 4.7.0 RedisExecutor.java:374,497
		return true
	case TimerSubscribe:
		// 3.16.8's subscription timeout: R16:PublishSubscribe.java:68
		return true
	case TimerListener:
		// the timeout a fenced waiter's listener keeps: RedissonFencedLock.java:281
		return true
	case TimerWait:
		if int(k.Slot) >= len(c.threads) || k.Slot < 0 {
			return false
		}
		switch c.threads[k.Slot].pc {
		case pcFencedSubscribe, pcFencedWait:
			// lockAndGetToken is get(tryLockAndGetTokenAsync): its waits are
			// newTimeout tasks (RedissonFencedLock.java:201,281)
			return true
		case pcLockSubscribe:
			// 4.7.0's lock(): pubSub.timeout(future) (RedissonLock.java:112),
			// a newTimeout (PublishSubscribeService.java:480); 3.x waits on
			// its own thread (syncSubscription's await)
			return c.cf.Opts.SubscriptionTimeout > 0
		}
	}
	return false
}
