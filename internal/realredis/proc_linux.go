package realredis

import "syscall"

// sysProcAttr kills the server if the test binary dies without cleanup
// (e.g. a -timeout panic).
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
