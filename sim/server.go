package sim

import "strconv"

// The server's own commands (server.c), and WAIT. Redis keeps WAIT in
// replication.c; the store, which has no replicas, answers it here as a
// bare store must, and the topology blocks a master's WAIT on its
// replicas' acknowledgements instead (Node.wait).

// cmdPing ports pingCommand (server.c).
func cmdPing(s *Store, a []string) Reply {
	switch len(a) {
	case 1:
		return Status("PONG")
	case 2:
		return Bulk(a[1])
	}
	return Err("ERR wrong number of arguments for 'ping' command")
}

// cmdEcho ports echoCommand (server.c).
func cmdEcho(s *Store, a []string) Reply { return Bulk(a[1]) }

// cmdTime ports timeCommand (server.c): the store's clock in seconds and
// microseconds.
func cmdTime(s *Store, a []string) Reply {
	return Array(Bulk(strconv.FormatInt(s.now/1000, 10)), Bulk(strconv.FormatInt((s.now%1000)*1000, 10)))
}

// cmdWait ports waitCommand (replication.c) for a store without
// replicas: the arguments checked, then 0 replicas reached at once.
func cmdWait(s *Store, a []string) Reply {
	if _, ok := parseInt(a[1]); !ok {
		return Err(errNotInteger)
	}
	if n, ok := parseInt(a[2]); !ok || n < 0 {
		if !ok {
			return Err(errNotInteger)
		}
		return Err("ERR timeout is negative")
	}
	return Int(0)
}
