package realredis

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/redis/go-redis/v9/maintnotifications"
)

//go:embed mallocshim.c
var mallocShimSource []byte

// DefaultStartMs is the wall-clock time (Unix ms) a server starts at:
// 2023-11-14 22:13:20 UTC. Tests normally call SetTime before each step.
const DefaultStartMs int64 = 1_700_000_000_000

const (
	startTimeout = 10 * time.Second
	stopTimeout  = 5 * time.Second
	portAttempts = 5
	missingMsg   = "redis-server/libfaketime not installed; run tools/setup-test-deps.sh"
)

// Server is a redis-server process with a test-controlled, frozen wall clock.
type Server struct {
	addr   string
	tsFile string
	log    string
	cmd    *exec.Cmd
	done   chan struct{}
	client *redis.Client

	mu  sync.Mutex
	now int64
}

// Start launches a fresh redis-server on 127.0.0.1 with its clock frozen at
// DefaultStartMs, and stops it in t.Cleanup. It skips the test when
// redis-server, libfaketime or gcc is missing, or fails it if CI=true.
func Start(t testing.TB) *Server {
	t.Helper()
	redisBin, fakeLib, gcc, missing := findDeps()
	if len(missing) > 0 {
		detail := " (missing: " + strings.Join(missing, "; ") + ")"
		if isCI() {
			t.Fatal("real-Redis test cannot be skipped under CI=true: " + missingMsg + detail)
		}
		t.Skip("real-Redis test skipped: " + missingMsg + detail)
	}
	shim, err := buildShim(gcc, t)
	if err != nil {
		t.Fatalf("realredis: building malloc shim: %v", err)
	}

	dir := t.TempDir()
	s := &Server{tsFile: filepath.Join(dir, "faketime.rc"), log: filepath.Join(dir, "redis.log")}
	if err := s.writeTime(DefaultStartMs); err != nil {
		t.Fatalf("realredis: %v", err)
	}
	env := serverEnv(shim, fakeLib, s.tsFile)

	t.Cleanup(s.stop) // before launching: a failed start must not leak a process
	begin := time.Now()
	for attempt := 1; ; attempt++ {
		err := s.launch(redisBin, dir, env)
		if err == nil {
			break
		}
		tail := s.logTail(30)
		if errors.Is(err, errPortInUse) && attempt < portAttempts {
			continue
		}
		t.Fatalf("realredis: redis-server did not start: %v\n--- log tail (%s) ---\n%s", err, s.log, tail)
	}
	t.Logf("realredis: redis-server on %s ready in %v", s.addr, time.Since(begin).Round(time.Millisecond))
	return s
}

// Addr is the server's host:port.
func (s *Server) Addr() string { return s.addr }

// Client is a go-redis client (RESP2, no CLIENT SETINFO) connected to the
// server; it is closed when the server stops.
func (s *Server) Client() *redis.Client { return s.client }

// Do sends one raw command, e.g. s.Do(ctx, "EVAL", script, 1, "k").
func (s *Server) Do(ctx context.Context, args ...any) (any, error) {
	return s.client.Do(ctx, args...).Result()
}

// Reset deletes all keys (FLUSHALL SYNC). Scripts stay cached.
func (s *Server) Reset(ctx context.Context) error {
	return s.client.Do(ctx, "FLUSHALL", "SYNC").Err()
}

// Now is the last time set, in Unix milliseconds.
func (s *Server) Now() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.now
}

// SetTime freezes the server's wall clock at ms (Unix milliseconds, >= 0).
// The next command the server runs sees exactly this time.
func (s *Server) SetTime(ms int64) {
	if err := s.writeTime(ms); err != nil {
		panic("realredis: " + err.Error())
	}
}

// FormatTime renders ms as libfaketime's absolute (frozen) date for the
// timestamp file; see the package documentation for the 500 ns pad.
func FormatTime(ms int64) string {
	return time.UnixMilli(ms).UTC().Format("2006-01-02 15:04:05.000") + "000500"
}

func (s *Server) writeTime(ms int64) error {
	if ms < 0 {
		return fmt.Errorf("SetTime(%d): negative time", ms)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	tmp := s.tsFile + ".tmp"
	if err := os.WriteFile(tmp, []byte(FormatTime(ms)+"\n"), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, s.tsFile); err != nil {
		return err
	}
	s.now = ms
	return nil
}

var errPortInUse = errors.New("port already in use")

// launch starts the process on a fresh port and waits until it answers PING.
func (s *Server) launch(bin, dir string, env []string) error {
	port, err := freePort()
	if err != nil {
		return err
	}
	s.addr = net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	logf, err := os.Create(s.log)
	if err != nil {
		return err
	}
	defer logf.Close()
	cmd := exec.Command(bin,
		"--bind", "127.0.0.1", "--port", strconv.Itoa(port),
		"--save", "", "--appendonly", "no", "--dir", dir,
		"--daemonize", "no", "--logfile", "", "--enable-debug-command", "local")
	cmd.Env = env
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = sysProcAttr()
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	s.cmd, s.done = cmd, done

	// Probe with a raw PING: go-redis backs off after refused dials, which
	// would add ~100 ms to a start-up that takes ~20 ms.
	deadline := time.Now().Add(startTimeout)
	var pingErr error
	for time.Now().Before(deadline) {
		select {
		case <-done:
			if strings.Contains(s.logTail(30), "Address already in use") {
				return errPortInUse
			}
			return fmt.Errorf("redis-server exited: %v", cmd.ProcessState)
		default:
		}
		if pingErr = rawPing(s.addr); pingErr == nil {
			s.client = redis.NewClient(&redis.Options{
				Addr:                     s.addr,
				Protocol:                 2,
				DisableIdentity:          true,
				MaintNotificationsConfig: &maintnotifications.Config{Mode: maintnotifications.ModeDisabled},
				DialTimeout:              time.Second,
				ReadTimeout:              10 * time.Second,
				WriteTimeout:             10 * time.Second,
			})
			return nil
		}
		time.Sleep(5 * time.Millisecond)
	}
	s.kill()
	return fmt.Errorf("no PONG within %v (last error: %v)", startTimeout, pingErr)
}

func rawPing(addr string) error {
	conn, err := net.DialTimeout("tcp", addr, 500*time.Millisecond)
	if err != nil {
		return err
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(time.Second))
	if _, err := conn.Write([]byte("PING\r\n")); err != nil {
		return err
	}
	buf := make([]byte, 64)
	n, err := conn.Read(buf)
	if err != nil {
		return err
	}
	if reply := string(buf[:n]); !strings.HasPrefix(reply, "+PONG") {
		return fmt.Errorf("PING answered %q", reply)
	}
	return nil
}

func (s *Server) stop() {
	if s.client != nil {
		s.client.Close()
	}
	s.kill()
}

// kill asks the server to exit (SIGTERM), then forces it, and waits.
func (s *Server) kill() {
	if s.cmd == nil || s.cmd.Process == nil {
		return
	}
	select {
	case <-s.done:
		return
	default:
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(stopTimeout):
		_ = s.cmd.Process.Kill()
		<-s.done
	}
}

func (s *Server) logTail(n int) string {
	b, err := os.ReadFile(s.log)
	if err != nil {
		return "(no log: " + err.Error() + ")"
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func isCI() bool {
	v := strings.ToLower(strings.TrimSpace(os.Getenv("CI")))
	return v == "true" || v == "1"
}

// serverEnv is the test's environment without anything that could steer
// libfaketime or the preload list, plus the clock settings.
func serverEnv(shim, fakeLib, tsFile string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if k == "LD_PRELOAD" || k == "TZ" || strings.HasPrefix(k, "FAKETIME") || k == "DONT_FAKE_MONOTONIC" || k == "NO_FAKE_STAT" {
			continue
		}
		env = append(env, kv)
	}
	return append(env,
		"LD_PRELOAD="+shim+" "+fakeLib,
		"FAKETIME_TIMESTAMP_FILE="+tsFile,
		"FAKETIME_NO_CACHE=1",
		"FAKETIME_DONT_FAKE_MONOTONIC=1",
		"TZ=UTC",
	)
}

// findDeps locates redis-server, libfaketime.so.1 and gcc; missing lists
// what could not be found.
func findDeps() (redisBin, fakeLib, gcc string, missing []string) {
	if p := os.Getenv("LOCKSIM_REDIS_SERVER"); p != "" {
		redisBin = p
	} else if p, err := exec.LookPath("redis-server"); err == nil {
		redisBin = p
	} else {
		missing = append(missing, "redis-server not in PATH")
	}
	if fakeLib = findLibfaketime(); fakeLib == "" {
		missing = append(missing, "libfaketime.so.1 not found")
	}
	if p, err := exec.LookPath("gcc"); err == nil {
		gcc = p
	} else if p, err := exec.LookPath("cc"); err == nil {
		gcc = p
	} else {
		missing = append(missing, "gcc not in PATH (needed for the malloc shim)")
	}
	return redisBin, fakeLib, gcc, missing
}

func findLibfaketime() string {
	if p := os.Getenv("LOCKSIM_LIBFAKETIME"); p != "" {
		return p
	}
	var dirs []string
	for _, root := range []string{"/usr/lib", "/usr/local/lib", "/lib"} {
		multi, _ := filepath.Glob(filepath.Join(root, "*-linux-gnu*"))
		dirs = append(dirs, multi...)
		dirs = append(dirs, root)
	}
	dirs = append(dirs, "/usr/lib64", "/usr/local/lib64")
	for _, d := range dirs {
		for _, p := range []string{filepath.Join(d, "faketime", "libfaketime.so.1"), filepath.Join(d, "libfaketime.so.1")} {
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				return p
			}
		}
	}
	return ""
}

var shimMu sync.Mutex

// buildShim compiles mallocshim.c once per source version into the user
// cache dir (falling back to a test temp dir) and returns the .so path.
func buildShim(gcc string, t testing.TB) (string, error) {
	shimMu.Lock()
	defer shimMu.Unlock()
	sum := sha256.Sum256(append(append([]byte{}, mallocShimSource...), runtime.GOARCH...))
	name := "mallocshim-" + hex.EncodeToString(sum[:8]) + ".so"

	var dirs []string
	if c, err := os.UserCacheDir(); err == nil {
		dirs = append(dirs, filepath.Join(c, "locksim"))
	}
	dirs = append(dirs, "") // "" stands for a fresh t.TempDir()
	var lastErr error
	for _, dir := range dirs {
		if dir == "" {
			dir = t.TempDir()
		}
		so := filepath.Join(dir, name)
		if _, err := os.Stat(so); err == nil {
			return so, nil
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			lastErr = err
			continue
		}
		if err := compileShim(gcc, dir, so); err != nil {
			lastErr = err
			continue
		}
		return so, nil
	}
	return "", lastErr
}

func compileShim(gcc, dir, so string) error {
	src, err := os.CreateTemp(dir, "mallocshim-*.c")
	if err != nil {
		return err
	}
	defer os.Remove(src.Name())
	if _, err := src.Write(mallocShimSource); err != nil {
		src.Close()
		return err
	}
	if err := src.Close(); err != nil {
		return err
	}
	tmp := so + ".tmp" + strconv.Itoa(os.Getpid())
	defer os.Remove(tmp)
	var out bytes.Buffer
	cmd := exec.Command(gcc, "-shared", "-fPIC", "-O2", "-o", tmp, src.Name(), "-ldl")
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, out.String())
	}
	// Rename is atomic: concurrent test binaries never load a partial file.
	return os.Rename(tmp, so)
}
