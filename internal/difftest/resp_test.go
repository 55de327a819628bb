package difftest

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"time"

	"github.com/locksim/locksim/sim"
)

// RESPConn is a minimal RESP2 client over one TCP connection. Unlike
// go-redis, which returns status replies ("+OK") as plain strings just like
// bulk strings, it keeps every RESP2 type apart, so replies convert exactly
// into [sim.Reply]: integer, bulk, nil, status, error (text without the
// leading '-') and arrays.
type RESPConn struct {
	conn    net.Conn
	r       *bufio.Reader
	w       *bufio.Writer
	Timeout time.Duration // per command (harness wall time); 10 s by default
}

// DialRESP connects to addr ("host:port").
func DialRESP(addr string) (*RESPConn, error) {
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return nil, err
	}
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetNoDelay(true)
	}
	return &RESPConn{conn: c, r: bufio.NewReaderSize(c, 64<<10), w: bufio.NewWriterSize(c, 64<<10), Timeout: 10 * time.Second}, nil
}

// Close closes the connection.
func (c *RESPConn) Close() error { return c.conn.Close() }

// Do sends one command (an array of bulk strings) and reads its reply. A
// Redis error reply is a reply (KindError), not an error; err is only set
// when the connection or the protocol fails.
func (c *RESPConn) Do(args ...string) (sim.Reply, error) {
	if c.Timeout > 0 {
		_ = c.conn.SetDeadline(time.Now().Add(c.Timeout))
	}
	writeCommand(c.w, args)
	if err := c.w.Flush(); err != nil {
		return sim.Reply{}, err
	}
	return ReadReply(c.r)
}

func writeCommand(w *bufio.Writer, args []string) {
	var num [20]byte
	w.WriteByte('*')
	w.Write(strconv.AppendInt(num[:0], int64(len(args)), 10))
	w.WriteString("\r\n")
	for _, a := range args {
		w.WriteByte('$')
		w.Write(strconv.AppendInt(num[:0], int64(len(a)), 10))
		w.WriteString("\r\n")
		w.WriteString(a)
		w.WriteString("\r\n")
	}
}

// ReadReply reads one RESP2 reply. A nil bulk ($-1) and a nil array (*-1)
// both become [sim.Nil].
func ReadReply(r *bufio.Reader) (sim.Reply, error) {
	line, err := readLine(r)
	if err != nil {
		return sim.Reply{}, err
	}
	if len(line) == 0 {
		return sim.Reply{}, errors.New("resp: empty line")
	}
	body := string(line[1:])
	switch line[0] {
	case '+':
		return sim.Status(body), nil
	case '-':
		return sim.Err(body), nil
	case ':':
		n, err := strconv.ParseInt(body, 10, 64)
		if err != nil {
			return sim.Reply{}, fmt.Errorf("resp: bad integer %q", body)
		}
		return sim.Int(n), nil
	case '$':
		n, err := strconv.Atoi(body)
		if err != nil || n < -1 {
			return sim.Reply{}, fmt.Errorf("resp: bad bulk length %q", body)
		}
		if n == -1 {
			return sim.Nil, nil
		}
		buf := make([]byte, n+2)
		if _, err := io.ReadFull(r, buf); err != nil {
			return sim.Reply{}, err
		}
		if buf[n] != '\r' || buf[n+1] != '\n' {
			return sim.Reply{}, errors.New("resp: bulk string not terminated by CRLF")
		}
		return sim.Bulk(string(buf[:n])), nil
	case '*':
		n, err := strconv.Atoi(body)
		if err != nil || n < -1 {
			return sim.Reply{}, fmt.Errorf("resp: bad array length %q", body)
		}
		if n == -1 {
			return sim.Nil, nil
		}
		arr := make([]sim.Reply, n)
		for i := range arr {
			if arr[i], err = ReadReply(r); err != nil {
				return sim.Reply{}, err
			}
		}
		return sim.Array(arr...), nil
	}
	return sim.Reply{}, fmt.Errorf("resp: unexpected type byte %q (RESP3 reply on a RESP2 connection?)", line[0])
}

// readLine reads up to CRLF and returns the line without it.
func readLine(r *bufio.Reader) ([]byte, error) {
	line, err := r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		// A status or error line longer than the buffer: collect it.
		buf := append([]byte(nil), line...)
		for err == bufio.ErrBufferFull {
			line, err = r.ReadSlice('\n')
			buf = append(buf, line...)
		}
		line = buf
	}
	if err != nil {
		return nil, err
	}
	if len(line) < 2 || line[len(line)-2] != '\r' {
		return nil, errors.New("resp: line not terminated by CRLF")
	}
	return line[:len(line)-2], nil
}
