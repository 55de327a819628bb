package sim

import "strings"

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
