package sim

import (
	"strconv"
	"strings"
)

// The command table (Redis's commands.c, which src/commands/*.json
// generate) and the dispatch of a command to its function (server.c
// lookupCommand, processCommand); each function is in the file named
// after the Redis source file of the function it ports (doc.go). Below
// the dispatch is every command Redis 7.0 has, so that a command the
// store lacks is told apart from one Redis lacks.

// command is one entry of the command table. arity follows Redis's
// convention: n > 0 means exactly n arguments (the name included), n < 0
// means at least -n.
type command struct {
	name  string
	arity int
	write bool
	// mayReplicate marks the commands a read-only script may not call
	// although they write nothing (CMD_MAY_REPLICATE: PUBLISH, SPUBLISH).
	mayReplicate bool
	// noScript marks commands Redis refuses inside scripts.
	noScript bool
	fn       func(s *Store, args []string) Reply
}

var commandTable map[string]*command

// upperCommands holds the same commands by their upper-case names, as the
// simple locks' clients send them (no lower-casing on every command).
var upperCommands map[string]*command

// init builds the command table: the commands the store implements, by
// the Redis source file that has them, each with Redis 7.0's arity and
// flags. Beyond what the lock scripts send, the table holds what a
// changed lock script, a script of another Redis-based lock or a user
// observing the store readily reaches for; those commands are held to a
// real Redis by internal/difftest's conformance file.
func init() {
	cmds := []*command{
		// server.c
		{name: "ping", arity: -1, fn: cmdPing},
		{name: "echo", arity: 2, fn: cmdEcho},
		{name: "time", arity: 1, fn: cmdTime},
		// replication.c: WAIT is answered by the topology, which knows
		// the replicas; a bare store has none.
		{name: "wait", arity: 3, noScript: true, fn: cmdWait},
		// db.c
		{name: "exists", arity: -2, fn: cmdExists},
		{name: "del", arity: -2, write: true, fn: cmdDel},
		{name: "unlink", arity: -2, write: true, fn: cmdDel},
		{name: "type", arity: 2, fn: cmdType},
		{name: "dbsize", arity: 1, fn: cmdDBSize},
		{name: "flushall", arity: -1, write: true, fn: cmdFlushAll},
		{name: "rename", arity: 3, write: true, fn: cmdRename},
		{name: "copy", arity: -3, write: true, fn: cmdCopy},
		// expire.c
		{name: "expire", arity: -3, write: true, fn: cmdExpire},
		{name: "pexpire", arity: -3, write: true, fn: cmdExpire},
		{name: "expireat", arity: -3, write: true, fn: cmdExpire},
		{name: "pexpireat", arity: -3, write: true, fn: cmdExpire},
		{name: "persist", arity: 2, write: true, fn: cmdPersist},
		{name: "ttl", arity: 2, fn: cmdTTL},
		{name: "pttl", arity: 2, fn: cmdTTL},
		{name: "expiretime", arity: 2, fn: cmdExpireTime},
		{name: "pexpiretime", arity: 2, fn: cmdExpireTime},
		// t_string.c
		{name: "get", arity: 2, fn: cmdGet},
		{name: "getdel", arity: 2, write: true, fn: cmdGetDel},
		{name: "set", arity: -3, write: true, fn: cmdSet},
		{name: "setnx", arity: 3, write: true, fn: cmdSetNX},
		{name: "setex", arity: 4, write: true, fn: cmdSetEx},
		{name: "psetex", arity: 4, write: true, fn: cmdSetEx},
		{name: "getset", arity: 3, write: true, fn: cmdGetSet},
		{name: "mset", arity: -3, write: true, fn: cmdMSet},
		{name: "mget", arity: -2, fn: cmdMGet},
		{name: "strlen", arity: 2, fn: cmdStrLen},
		{name: "getrange", arity: 4, fn: cmdGetRange},
		{name: "append", arity: 3, write: true, fn: cmdAppend},
		{name: "incr", arity: 2, write: true, fn: cmdIncr},
		{name: "decr", arity: 2, write: true, fn: cmdIncr},
		{name: "incrby", arity: 3, write: true, fn: cmdIncr},
		{name: "decrby", arity: 3, write: true, fn: cmdIncr},
		{name: "incrbyfloat", arity: 3, write: true, fn: cmdIncrByFloat},
		// t_hash.c
		{name: "hset", arity: -4, write: true, fn: cmdHSet},
		{name: "hmset", arity: -4, write: true, fn: cmdHSet},
		{name: "hsetnx", arity: 4, write: true, fn: cmdHSetNX},
		{name: "hget", arity: 3, fn: cmdHGet},
		{name: "hmget", arity: -3, fn: cmdHMGet},
		{name: "hgetall", arity: 2, fn: cmdHGetAll},
		{name: "hkeys", arity: 2, fn: cmdHKeysVals(true)},
		{name: "hvals", arity: 2, fn: cmdHKeysVals(false)},
		{name: "hexists", arity: 3, fn: cmdHExists},
		{name: "hstrlen", arity: 3, fn: cmdHStrLen},
		{name: "hlen", arity: 2, fn: cmdHLen},
		{name: "hincrby", arity: 4, write: true, fn: cmdHIncrBy},
		{name: "hincrbyfloat", arity: 4, write: true, fn: cmdHIncrByFloat},
		{name: "hdel", arity: -3, write: true, fn: cmdHDel},
		// t_list.c
		{name: "lpush", arity: -3, write: true, fn: cmdPush},
		{name: "rpush", arity: -3, write: true, fn: cmdPush},
		{name: "lpop", arity: -2, write: true, fn: cmdPop},
		{name: "rpop", arity: -2, write: true, fn: cmdPop},
		{name: "llen", arity: 2, fn: cmdLLen},
		{name: "lindex", arity: 3, fn: cmdLIndex},
		{name: "lset", arity: 4, write: true, fn: cmdLSet},
		{name: "linsert", arity: 5, write: true, fn: cmdLInsert},
		{name: "lrange", arity: 4, fn: cmdLRange},
		{name: "ltrim", arity: 4, write: true, fn: cmdLTrim},
		{name: "lrem", arity: 4, write: true, fn: cmdLRem},
		{name: "lpos", arity: -3, fn: cmdLPos},
		// t_zset.c
		{name: "zadd", arity: -4, write: true, fn: cmdZAdd},
		{name: "zincrby", arity: 4, write: true, fn: cmdZIncrBy},
		{name: "zrem", arity: -3, write: true, fn: cmdZRem},
		{name: "zscore", arity: 3, fn: cmdZScore},
		{name: "zmscore", arity: -3, fn: cmdZMScore},
		{name: "zcard", arity: 2, fn: cmdZCard},
		{name: "zrank", arity: 3, fn: cmdZRank},
		{name: "zrevrank", arity: 3, fn: cmdZRevRank},
		{name: "zpopmin", arity: -2, write: true, fn: cmdZPop(false)},
		{name: "zpopmax", arity: -2, write: true, fn: cmdZPop(true)},
		// t_zset.c, the range commands (t_zset_range.go)
		{name: "zrange", arity: -4, fn: cmdZRange},
		{name: "zrevrange", arity: -4, fn: cmdZRevRange},
		{name: "zrangebyscore", arity: -4, fn: cmdZRangeBy(false)},
		{name: "zrevrangebyscore", arity: -4, fn: cmdZRangeBy(true)},
		{name: "zrangebylex", arity: -4, fn: cmdZRangeByLex(false)},
		{name: "zrevrangebylex", arity: -4, fn: cmdZRangeByLex(true)},
		{name: "zcount", arity: 4, fn: cmdZCount},
		{name: "zlexcount", arity: 4, fn: cmdZLexCount},
		{name: "zremrangebyscore", arity: 4, write: true, fn: cmdZRemRangeByScore},
		// pubsub.c
		{name: "publish", arity: 3, mayReplicate: true, fn: cmdPublish},
		{name: "spublish", arity: 3, mayReplicate: true, fn: cmdSPublish},
	}
	commandTable = make(map[string]*command, len(cmds))
	upperCommands = make(map[string]*command, len(cmds))
	for _, c := range cmds {
		commandTable[c.name] = c
		upperCommands[strings.ToUpper(c.name)] = c
	}
}

// strcaseEq is strcasecmp(arg, lower) == 0 in the "C" locale, as Redis
// matches an option: arg read up to its first NUL byte, only ASCII
// letters folded (strings.EqualFold also folds 'ſ' to 's' and the Kelvin
// sign to 'k'). lower is the option in lower case.
func strcaseEq(arg, lower string) bool {
	if len(arg) < len(lower) || (len(arg) > len(lower) && arg[len(lower)] != 0) {
		return false
	}
	for i := 0; i < len(lower); i++ {
		c := arg[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// lookupCommand finds a command by name, case-insensitively, without
// allocating when the name is all lower case (as scripts write it) or all
// upper case (as the simple locks send it).
func lookupCommand(name string) *command {
	if c := commandTable[name]; c != nil {
		return c
	}
	if c := upperCommands[name]; c != nil {
		return c
	}
	return commandTable[strings.ToLower(name)]
}

// Do runs one command at the store's clock and returns Redis's reply,
// checking it as processCommand (server.c) does: a known name, then the
// arity.
func (s *Store) Do(args ...string) Reply {
	if len(args) == 0 {
		return Err("ERR unknown command '', with args beginning with: ")
	}
	c := lookupCommand(args[0])
	if c == nil && redisKnowsCommand(args) {
		// a real Redis would run it: say the store lacks it instead of
		// answering as Redis does for a command it does not know
		return errNotSimulated(args[0])
	}
	if c == nil {
		// Redis 7.0 server.c processCommand.
		var b strings.Builder
		for _, a := range args[1:] {
			if b.Len() >= 128 {
				break
			}
			b.WriteString("'")
			b.WriteString(a)
			b.WriteString("' ")
		}
		return Err("ERR unknown command '" + args[0] + "', with args beginning with: " + b.String())
	}
	if !arityOK(c, len(args)) {
		return Err("ERR wrong number of arguments for '" + c.name + "' command")
	}
	return c.fn(s, args)
}

func arityOK(c *command, n int) bool { return arityFits(c.arity, n) }

// arityFits is Redis's arity rule: exactly arity arguments (the name
// included) when it is positive, at least -arity when it is negative.
func arityFits(arity, n int) bool {
	return (arity > 0 && n == arity) || (arity < 0 && n >= -arity)
}

// redis70Commands lists the commands of Redis 7.0.15, one a line, each
// followed by its subcommands: the top-level entries of the redis
// repository's src/commands/*.json at tag 7.0.15 (those without a
// "container"), with the ones that name it as their container.
const redis70Commands = `acl cat deluser dryrun genpass getuser help list load log save setuser users whoami
append
asking
auth
bgrewriteaof
bgsave
bitcount
bitfield
bitfield_ro
bitop
bitpos
blmove
blmpop
blpop
brpop
brpoplpush
bzmpop
bzpopmax
bzpopmin
client caching getname getredir help id info kill list no-evict pause reply setname tracking trackinginfo unblock unpause
cluster addslots addslotsrange bumpepoch count-failure-reports countkeysinslot delslots delslotsrange failover flushslots forget getkeysinslot help info keyslot links meet myid nodes replicas replicate reset saveconfig set-config-epoch setslot shards slaves slots
command count docs getkeys getkeysandflags help info list
config get help resetstat rewrite set
copy
dbsize
debug
decr
decrby
del
discard
dump
echo
eval
eval_ro
evalsha
evalsha_ro
exec
exists
expire
expireat
expiretime
failover
fcall
fcall_ro
flushall
flushdb
function delete dump flush help kill list load restore stats
geoadd
geodist
geohash
geopos
georadius
georadius_ro
georadiusbymember
georadiusbymember_ro
geosearch
geosearchstore
get
getbit
getdel
getex
getrange
getset
hdel
hello
hexists
hget
hgetall
hincrby
hincrbyfloat
hkeys
hlen
hmget
hmset
hrandfield
hscan
hset
hsetnx
hstrlen
hvals
incr
incrby
incrbyfloat
info
keys
lastsave
latency doctor graph help histogram history latest reset
lcs
lindex
linsert
llen
lmove
lmpop
lolwut
lpop
lpos
lpush
lpushx
lrange
lrem
lset
ltrim
memory doctor help malloc-stats purge stats usage
mget
migrate
module help list load loadex unload
monitor
move
mset
msetnx
multi
object encoding freq help idletime refcount
persist
pexpire
pexpireat
pexpiretime
pfadd
pfcount
pfdebug
pfmerge
pfselftest
ping
psetex
psubscribe
psync
pttl
publish
pubsub channels help numpat numsub shardchannels shardnumsub
punsubscribe
quit
randomkey
readonly
readwrite
rename
renamenx
replconf
replicaof
reset
restore
restore-asking
role
rpop
rpoplpush
rpush
rpushx
sadd
save
scan
scard
script debug exists flush help kill load
sdiff
sdiffstore
select
sentinel ckquorum config debug failover flushconfig get-master-addr-by-name help info-cache is-master-down-by-addr master masters monitor myid pending-scripts remove replicas reset sentinels set simulate-failure slaves
set
setbit
setex
setnx
setrange
shutdown
sinter
sintercard
sinterstore
sismember
slaveof
slowlog get help len reset
smembers
smismember
smove
sort
sort_ro
spop
spublish
srandmember
srem
sscan
ssubscribe
strlen
subscribe
substr
sunion
sunionstore
sunsubscribe
swapdb
sync
time
touch
ttl
type
unlink
unsubscribe
unwatch
wait
watch
xack
xadd
xautoclaim
xclaim
xdel
xgroup create createconsumer delconsumer destroy help setid
xinfo consumers groups help stream
xlen
xpending
xrange
xread
xreadgroup
xrevrange
xsetid
xtrim
zadd
zcard
zcount
zdiff
zdiffstore
zincrby
zinter
zintercard
zinterstore
zlexcount
zmpop
zmscore
zpopmax
zpopmin
zrandmember
zrange
zrangebylex
zrangebyscore
zrangestore
zrank
zrem
zremrangebylex
zremrangebyrank
zremrangebyscore
zrevrange
zrevrangebylex
zrevrangebyscore
zrevrank
zscan
zscore
zunion
zunionstore`

var redis70CommandTable = func() map[string]map[string]bool {
	m := map[string]map[string]bool{}
	for _, line := range strings.Split(redis70Commands, "\n") {
		f := strings.Fields(line)
		var subs map[string]bool
		if len(f) > 1 {
			subs = map[string]bool{}
			for _, s := range f[1:] {
				subs[s] = true
			}
		}
		m[f[0]] = subs
	}
	return m
}()

// redisKnowsCommand is Redis 7.0's lookupCommand(argv, argc) != NULL: the
// command is known and, when it has subcommands and an argument follows
// it, that argument names one of them.
func redisKnowsCommand(args []string) bool {
	subs, ok := redis70CommandTable[strings.ToLower(args[0])]
	if !ok {
		return false
	}
	if len(args) == 1 || subs == nil {
		return true
	}
	return subs[strings.ToLower(args[1])]
}

// redis70NoScript lists the commands and subcommands Redis 7.0.15 flags
// "noscript", with their arity, one a line: what COMMAND answers on a
// redis-server 7.0.15 (top-level flags, then each subcommand's). A script
// calling one gets "This Redis command is not allowed from script" after
// the arity check (script.c scriptCall); the simulated store implements
// only WAIT among them.
const redis70NoScript = `acl cat -2
acl deluser -3
acl dryrun -4
acl genpass -2
acl getuser 3
acl list 2
acl load 2
acl log -2
acl save 2
acl setuser -3
acl users 2
acl whoami 2
auth -2
bgrewriteaof 1
bgsave -1
blmove 6
blpop -3
brpop -3
brpoplpush 4
bzpopmax -3
bzpopmin -3
client caching 3
client getname 2
client getredir 2
client id 2
client info 2
client kill -3
client list -2
client no-evict 3
client pause -3
client reply 3
client setname 3
client tracking -3
client trackinginfo 2
client unblock -3
client unpause 2
cluster reset -2
config get -3
config resetstat 2
config rewrite 2
config set -4
debug -2
discard 1
eval -3
eval_ro -3
evalsha -3
evalsha_ro -3
exec 1
failover -1
fcall -3
fcall_ro -3
function delete 3
function dump 2
function flush -2
function kill 2
function list -2
function load -3
function restore -3
function stats 2
hello -1
latency doctor 2
latency graph 3
latency histogram -2
latency history 3
latency latest 2
latency reset -2
module list 2
module load -3
module loadex -3
module unload 3
monitor 1
multi 1
psubscribe -2
psync -3
punsubscribe -1
quit -1
replconf -1
replicaof 3
reset 1
role 1
save 1
script debug 3
script exists -3
script flush -2
script kill 2
script load 3
shutdown -1
slaveof 3
ssubscribe -2
subscribe -2
sunsubscribe -1
sync 1
unsubscribe -1
unwatch 1
wait 3
watch -2`

// noScriptArity maps "name" or "container sub" to the arity of each
// command of redis70NoScript.
var noScriptArity = func() map[string]int {
	m := map[string]int{}
	for _, line := range strings.Split(redis70NoScript, "\n") {
		i := strings.LastIndexByte(line, ' ')
		n, err := strconv.Atoi(line[i+1:])
		if err != nil {
			panic("sim: bad redis70NoScript line " + line)
		}
		m[line[:i]] = n
	}
	return m
}()

// unsimulatedCommand is the reply to a script's call of a command Redis
// 7.0 has that the store does not implement: Redis's own error when Redis
// would refuse it in a script (scriptCall's arity, then noscript, checks),
// else an error that says so instead of pretending Redis lacks it.
func unsimulatedCommand(args []string) Reply {
	name := strings.ToLower(args[0])
	key := name
	if len(args) > 1 {
		if _, ok := noScriptArity[name+" "+strings.ToLower(args[1])]; ok {
			key = name + " " + strings.ToLower(args[1])
		}
	}
	if subs := redis70CommandTable[name]; subs != nil && len(args) == 1 {
		return Err("ERR " + errScriptArity) // a container's arity is -2
	}
	if arity, ok := noScriptArity[key]; ok {
		if !arityFits(arity, len(args)) {
			return Err("ERR " + errScriptArity)
		}
		return Err("ERR " + errNoScript)
	}
	return errNotSimulated(name)
}

// errNotSimulated answers a command Redis 7.0 has that the store lacks.
func errNotSimulated(name string) Reply {
	return Err("ERR command '" + strings.ToLower(name) + "' is not simulated (Redis 7.0 has it; the store implements what locks use)")
}
