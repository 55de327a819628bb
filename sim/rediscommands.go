package sim

import (
	"strconv"
	"strings"
)

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
