return redis.sha1hex('')
return redis.sha1hex(123)
return {pcall(redis.sha1hex)}
return redis.REDIS_VERSION
return redis.REDIS_VERSION_NUM
return type(redis.breakpoint)
return type(redis.debug)
return type(redis.replicate_commands)
return redis.replicate_commands()
return type(redis.setresp)
return type(redis.set_repl)
return redis.LOG_WARNING
return redis.REPL_ALL
return {pcall(redis.log, redis.LOG_WARNING)}
return {pcall(redis.log, 99, 'x')}
return {pcall(redis.call)}
return {pcall(redis.call, 'ping')}
return redis.call('ping')
return redis.call('PING', 'hello')
return redis.call('echo', 'x')
return redis.call('time')[1] ~= nil
return {pcall(redis.call, 'get')}
return {pcall(redis.call, 'get', 'a', 'b')}
return {pcall(redis.call, 'set', 'k', {})}
return {pcall(redis.call, 'set', 'k', 1.5)}
return redis.call('set', 'k', 1.5) and redis.call('get', 'k')
return redis.call('set', 'k', 2^53) and redis.call('get', 'k')
return redis.call('set', 'k', 1e20) and redis.call('get', 'k')
return redis.call('set', 'k', -0) and redis.call('get', 'k')
return redis.call('set', 'k', 0.1) and redis.call('get', 'k')
return redis.call('set', 'k', 1/3) and redis.call('get', 'k')
return redis.call('set', 'k', 1/0) and redis.call('get', 'k')
return {pcall(redis.call, 'set', 'k', true)}
return {pcall(redis.call, 'set', 'k', nil)}
return redis.call('set', 'k', 'v', 'NX')
return redis.call('set', 'k', 'v', 'XX')
return {redis.call('set', 'k', 'v'), redis.call('set', 'k', 'w', 'NX')}
return redis.call('set', 'k', 'v', 'GET')
return redis.call('set', 'k', 'v', 'PX', 100) and redis.call('pttl', 'k')
return {pcall(redis.call, 'set', 'k', 'v', 'PX', 0)}
return {pcall(redis.call, 'set', 'k', 'v', 'PX', -1)}
return {pcall(redis.call, 'set', 'k', 'v', 'PX', 'x')}
return {pcall(redis.call, 'set', 'k', 'v', 'NX', 'XX')}
return {pcall(redis.call, 'set', 'k', 'v', 'EX', 10, 'PX', 10)}
return redis.call('set', 'k', 'v', 'px', 100, 'nx') and redis.call('pttl', 'k')
return redis.call('set', 'k', 'v', 'KEEPTTL')
return {pcall(redis.call, 'set', 'k', 'v', 'EX', 9223372036854775807)}
return redis.call('setnx', 'k', 'v')
return redis.call('expire', 'k', 10)
return {redis.call('set', 'k', 'v'), redis.call('expire', 'k', 10), redis.call('ttl', 'k')}
return {redis.call('set', 'k', 'v'), redis.call('pexpire', 'k', 1500), redis.call('ttl', 'k')}
return {redis.call('set', 'k', 'v'), redis.call('expire', 'k', -1), redis.call('exists', 'k')}
return {redis.call('set', 'k', 'v'), redis.call('expire', 'k', 10, 'NX'), redis.call('expire', 'k', 20, 'NX')}
return {redis.call('set', 'k', 'v'), redis.call('expire', 'k', 10, 'GT'), redis.call('expire', 'k', 20, 'XX')}
return {redis.call('set', 'k', 'v'), redis.call('persist', 'k'), redis.call('ttl', 'k')}
return {pcall(redis.call, 'expire', 'k', 'x')}
return {pcall(redis.call, 'expire', 'k', 10, 'NX', 'XX')}
return {redis.call('set', 'k', 'v'), redis.call('del', 'k', 'k', 'nokey')}
return {redis.call('set', 'k', 'v'), redis.call('unlink', 'k')}
return {redis.call('set', 'k', 'v'), redis.call('exists', 'k', 'k', 'x')}
return {redis.call('set', 'k', 'v'), redis.call('type', 'k')}
return {redis.call('hset', 'h', 'f', 'v', 'g', 'w'), redis.call('hlen', 'h')}
return {pcall(redis.call, 'hset', 'h', 'f')}
return {redis.call('hset', 'h', 'f', 1), redis.call('hincrby', 'h', 'f', 5), redis.call('hget', 'h', 'f')}
return {redis.call('hset', 'h', 'f', 'x'), pcall(redis.call, 'hincrby', 'h', 'f', 5)}
return {redis.call('hset', 'h', 'f', 1), pcall(redis.call, 'hincrby', 'h', 'f', 'x')}
return {redis.call('hset', 'h', 'f', 1), pcall(redis.call, 'hincrby', 'h', 'f', 1.5)}
return {redis.call('hset', 'h', 'f', 9223372036854775807), pcall(redis.call, 'hincrby', 'h', 'f', 1)}
return {redis.call('hset', 'h', 'f', ' 1'), pcall(redis.call, 'hincrby', 'h', 'f', 1)}
return {redis.call('hset', 'h', 'f', '01'), pcall(redis.call, 'hincrby', 'h', 'f', 1)}
return {redis.call('hset', 'h', 'f', '-0'), pcall(redis.call, 'hincrby', 'h', 'f', 1)}
return {redis.call('hset', 'h', 'a', 1), redis.call('hdel', 'h', 'a', 'b'), redis.call('exists', 'h')}
return {redis.call('hset', 'h', 'a', 1), redis.call('hsetnx', 'h', 'a', 2), redis.call('hsetnx', 'h', 'b', 2)}
return redis.call('hmset', 'h', 'a', 1, 'b', 2)
return {redis.call('rpush', 'l', 'a', 'b', 'c'), redis.call('lrange', 'l', 0, -1), redis.call('llen', 'l')}
return {redis.call('rpush', 'l', 'a', 'b', 'c'), redis.call('lrem', 'l', 0, 'b'), redis.call('lrange', 'l', 0, -1)}
return {redis.call('rpush', 'l', 'a', 'b', 'a', 'a'), redis.call('lrem', 'l', -2, 'a'), redis.call('lrange', 'l', 0, -1)}
return {redis.call('rpush', 'l', 'a', 'b', 'c'), redis.call('lpop', 'l', 2), redis.call('rpop', 'l')}
return {redis.call('rpush', 'l', 'a'), redis.call('lpop', 'l', 0)}
return {redis.call('rpush', 'l', 'a'), pcall(redis.call, 'lpop', 'l', -1)}
return {redis.call('rpush', 'l', 'a', 'b', 'c'), redis.call('lindex', 'l', -1), redis.call('lindex', 'l', 'x')}
return {redis.call('rpush', 'l', 'a', 'b', 'c'), redis.call('lrange', 'l', -100, 100), redis.call('lrange', 'l', 2, 1)}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b'), redis.call('zrange', 'z', 0, -1, 'WITHSCORES')}
return {redis.call('zadd', 'z', 1, 'a'), redis.call('zadd', 'z', 'NX', 5, 'a'), redis.call('zscore', 'z', 'a')}
return {redis.call('zadd', 'z', 1, 'a'), redis.call('zadd', 'z', 'XX', 'CH', 5, 'a'), redis.call('zscore', 'z', 'a')}
return {redis.call('zadd', 'z', 1, 'a'), redis.call('zadd', 'z', 'INCR', 5, 'a')}
return {redis.call('zadd', 'z', 1, 'a'), redis.call('zadd', 'z', 'GT', 0, 'a'), redis.call('zscore', 'z', 'a')}
return {pcall(redis.call, 'zadd', 'z', 'NX', 'XX', 1, 'a')}
return {pcall(redis.call, 'zadd', 'z', 'NX', 'GT', 1, 'a')}
return {pcall(redis.call, 'zadd', 'z', 'nan', 'a')}
return {pcall(redis.call, 'zadd', 'z', 1, 'a', 2)}
return {redis.call('zadd', 'z', 'inf', 'a', '-inf', 'b'), redis.call('zrange', 'z', 0, -1, 'WITHSCORES')}
return {redis.call('zadd', 'z', 1, 'a', 1, 'b', 1, 'aa'), redis.call('zrange', 'z', 0, -1)}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b'), redis.call('zrem', 'z', 'a', 'x'), redis.call('zrange', 'z', 0, -1)}
return {redis.call('zadd', 'z', 1, 'a'), redis.call('zincrby', 'z', 'inf', 'a'), pcall(redis.call, 'zincrby', 'z', '-inf', 'a')}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b'), redis.call('zrange', 'z', '(1', 2, 'BYSCORE')}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b'), redis.call('zrange', 'z', 0, 0, 'REV')}
return {redis.call('set', 'n', 10), redis.call('incr', 'n'), redis.call('incrby', 'n', -5), redis.call('decr', 'n'), redis.call('decrby', 'n', 2)}
return redis.call('dbsize')
return {pcall(redis.call, 'subscribe', 'ch')}
return {pcall(redis.call, 'multi')}
return {pcall(redis.call, 'eval', 'return 1', 0)}
return {pcall(redis.call, 'script', 'load', 'return 1')}
return {pcall(redis.call, 'wait', 0, 0)}
return {pcall(redis.call, 'blpop', 'l', 0)}
return {pcall(redis.call, 'flushall')}
return {pcall(redis.call, 'info', 'server') ~= nil}
return {redis.call('rpush', 'l', 'a'), pcall(redis.call, 'get', 'l')}
return {redis.call('rpush', 'l', 'a'), pcall(redis.call, 'hget', 'l', 'a')}
return {redis.call('set', 'a', 1), pcall(redis.call, 'zadd', 'a', 1, 'm')}
return redis.call('GeT', 'nokey')
return {pcall(redis.call, 'get ', 'x')}
return {pcall(redis.call, '', 'x')}
return {pcall(redis.call, 'client', 'list')}
return {pcall(redis.call, 'config', 'get', 'maxmemory')}
return {pcall(redis.call, 'debug', 'sleep', 0)}
return redis.call('exists', KEYS[1] or 'x')
return redis.status_reply('OK')
return redis.error_reply('ERR x')
return {redis.status_reply('OK')}
return {1, redis.error_reply('inner'), 3}
return {pcall(redis.call, 'subscribe')}
return {pcall(redis.call, 'client')}
return {pcall(redis.call, 'client', 'help') ~= nil}
return {pcall(redis.call, 'script', 'flush')}
return {pcall(redis.call, 'config', 'set', 'x', 'y')}
return {pcall(redis.call, 'watch', 'k')}
return {pcall(redis.call, 'exec')}
return {pcall(redis.call, 'auth', 'x')}
return {pcall(redis.call, 'shutdown')}
return {pcall(redis.call, 'function', 'list')}
return {pcall(redis.call, 'bgsave')}
return {pcall(redis.call, 'wait')}
return {pcall(redis.call, 'nosuchcmd')}
return {pcall(redis.call, 'client', 'nosuchsub')}
