return {redis.call('hset', 'h', 'a', 1, 'b', 'xyz'), redis.call('hkeys', 'h'), redis.call('hvals', 'h'), redis.call('hkeys', 'nokey'), redis.call('hvals', 'nokey')}
return {redis.call('hset', 'h', 'a', 1), redis.call('hmget', 'h', 'a', 'b', 'a'), redis.call('hmget', 'nokey', 'a')}
return {redis.call('hset', 'h', 'a', 'hello'), redis.call('hstrlen', 'h', 'a'), redis.call('hstrlen', 'h', 'x'), redis.call('hstrlen', 'nokey', 'x')}
return {redis.call('set', 's', 'v'), pcall(redis.call, 'hkeys', 's'), pcall(redis.call, 'hmget', 's', 'a'), pcall(redis.call, 'hstrlen', 's', 'a')}
return {redis.call('set', 'a', 1), redis.call('rpush', 'l', 'x'), redis.call('mget', 'a', 'l', 'nokey', 'a')}
return {redis.call('set', 'a', 'hello'), redis.call('strlen', 'a'), redis.call('strlen', 'nokey')}
return {redis.call('rpush', 'l', 'x'), pcall(redis.call, 'strlen', 'l')}
return {redis.call('set', 'a', 'hello world'), redis.call('getrange', 'a', 0, 4), redis.call('getrange', 'a', -5, -1), redis.call('getrange', 'a', 6, 100), redis.call('getrange', 'a', 5, 2), redis.call('getrange', 'a', -1, -5), redis.call('getrange', 'a', -100, 2), redis.call('getrange', 'nokey', 0, 1)}
return {redis.call('set', 'a', ''), redis.call('getrange', 'a', 0, -1), pcall(redis.call, 'getrange', 'a', 'x', 1)}
return {redis.call('set', 'a', 'old', 'PX', 10000), redis.call('getset', 'a', 'new'), redis.call('get', 'a'), redis.call('pttl', 'a'), redis.call('getset', 'nokey', 'v')}
return {redis.call('rpush', 'l', 'x'), pcall(redis.call, 'getset', 'l', 'v')}
return {redis.call('set', 'a', 'ab', 'PX', 10000), redis.call('append', 'a', 'cd'), redis.call('get', 'a'), redis.call('pttl', 'a'), redis.call('append', 'n', 'x'), redis.call('get', 'n')}
return {redis.call('set', 'a', 1, 'PX', 10000), redis.call('mset', 'a', 2, 'b', 3), redis.call('mget', 'a', 'b'), redis.call('pttl', 'a')}
return {pcall(redis.call, 'mset', 'a', 1, 'b')}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b', 3, 'c'), redis.call('zrevrank', 'z', 'a'), redis.call('zrevrank', 'z', 'c'), redis.call('zrevrank', 'z', 'x'), redis.call('zrevrank', 'nokey', 'x')}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b', 3, 'c'), redis.call('zcount', 'z', 2, 3), redis.call('zcount', 'z', '(1', '(3'), redis.call('zcount', 'z', '-inf', '+inf'), redis.call('zcount', 'nokey', 0, 1)}
return {pcall(redis.call, 'zcount', 'z', 'x', 1)}
return {redis.call('zadd', 'z', 1, 'a', 2.5, 'b'), redis.call('zmscore', 'z', 'a', 'x', 'b'), redis.call('zmscore', 'nokey', 'a')}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b', 3, 'c'), redis.call('zrangebyscore', 'z', '(1', '+inf'), redis.call('zrangebyscore', 'z', '-inf', '2', 'WITHSCORES'), redis.call('zrangebyscore', 'z', '-inf', '+inf', 'LIMIT', 1, 1), redis.call('zrangebyscore', 'z', 1, 3, 'withscores', 'limit', 0, 2)}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b', 3, 'c'), redis.call('zrevrangebyscore', 'z', '+inf', '(1'), redis.call('zrevrangebyscore', 'z', 3, 1, 'WITHSCORES', 'LIMIT', 1, 5)}
return {pcall(redis.call, 'zrangebyscore', 'z', 0, 1, 'BYSCORE')}
return {pcall(redis.call, 'zrangebyscore', 'z', 0, 1, 'LIMIT', 1)}
return {pcall(redis.call, 'zrangebyscore', 'z', 'a', 1)}
return {pcall(redis.call, 'zrangebyscore', 'z', 0, 1, 'LIMIT', 'x', 1)}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b', 3, 'c'), redis.call('zrevrange', 'z', 0, 1), redis.call('zrevrange', 'z', 0, -1, 'WITHSCORES'), redis.call('zrevrange', 'nokey', 0, -1)}
return {pcall(redis.call, 'zrevrange', 'z', 0, 1, 'LIMIT', 0, 1)}
return {pcall(redis.call, 'zrevrange', 'z', 0, 1, 'REV')}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b', 3, 'c'), redis.call('zremrangebyscore', 'z', '(1', 2), redis.call('zrange', 'z', 0, -1), redis.call('zremrangebyscore', 'z', '-inf', '+inf'), redis.call('exists', 'z'), redis.call('zremrangebyscore', 'nokey', 0, 1)}
return {pcall(redis.call, 'zremrangebyscore', 'z', 'x', 1)}
return {redis.call('rpush', 'l', 'a', 'b', 'c'), redis.call('lset', 'l', 1, 'x'), redis.call('lset', 'l', -1, 'y'), redis.call('lrange', 'l', 0, -1)}
return {redis.call('rpush', 'l', 'a'), pcall(redis.call, 'lset', 'l', 5, 'x'), pcall(redis.call, 'lset', 'nokey', 0, 'x'), pcall(redis.call, 'lset', 'l', 'x', 'x')}
return {redis.call('rpush', 'l', 'a', 'b', 'c', 'd'), redis.call('ltrim', 'l', 1, -2), redis.call('lrange', 'l', 0, -1), redis.call('ltrim', 'l', 5, 10), redis.call('exists', 'l'), redis.call('ltrim', 'nokey', 0, 1)}
return {redis.call('set', 's', 'v'), pcall(redis.call, 'ltrim', 's', 0, 1), pcall(redis.call, 'ltrim', 'l', 'x', 1)}
return {redis.call('set', 'a', 1, 'PX', 5000), redis.call('set', 'b', 2), redis.call('rename', 'a', 'b'), redis.call('get', 'b'), redis.call('pttl', 'b'), redis.call('exists', 'a')}
return {pcall(redis.call, 'rename', 'nokey', 'b'), redis.call('set', 'a', 1), redis.call('rename', 'a', 'a'), pcall(redis.call, 'rename', 'x', 'x')}
return {redis.call('set', 'a', 1, 'PX', 5500), redis.call('set', 'b', 1), redis.call('expiretime', 'a'), redis.call('pexpiretime', 'a'), redis.call('expiretime', 'b'), redis.call('pexpiretime', 'nokey')}
return {redis.call('set', 'a', 1, 'PX', 5999), redis.call('expiretime', 'a')}
return {redis.call('hset', 'h', 'a', 1), redis.call('hgetall', 'h'), redis.call('hkeys', 'h'), redis.call('hvals', 'h')}
return {redis.call('hset', 'h', 'a', 1), redis.call('hmget', 'h', 'a', 'b')}
return {redis.call('hset', 'h', 'a', 1), redis.call('hexists', 'h', 'a'), redis.call('hstrlen', 'h', 'a')}
return {redis.call('rpush', 'l', 'a', 'b', 'c'), redis.call('lset', 'l', 1, 'x'), redis.call('lrange', 'l', 0, -1)}
return {redis.call('rpush', 'l', 'a', 'b', 'c'), pcall(redis.call, 'lset', 'l', 5, 'x')}
return {redis.call('rpush', 'l', 'a', 'b', 'c'), redis.call('ltrim', 'l', 1, -1), redis.call('lrange', 'l', 0, -1)}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b', 3, 'c'), redis.call('zrangebyscore', 'z', '(1', '+inf')}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b', 3, 'c'), redis.call('zrangebyscore', 'z', '-inf', '2', 'LIMIT', 0, 1)}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b', 3, 'c'), redis.call('zrevrange', 'z', 0, 0)}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b', 3, 'c'), redis.call('zremrangebyscore', 'z', 0, 2), redis.call('zcard', 'z')}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b', 3, 'c'), redis.call('zrank', 'z', 'c'), redis.call('zrevrank', 'z', 'c'), redis.call('zrank', 'z', 'x')}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b', 3, 'c'), redis.call('zcount', 'z', 2, 3)}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b'), redis.call('zmscore', 'z', 'a', 'x')}
return {redis.call('set', 'n', 'abc'), redis.call('append', 'n', 'def'), redis.call('strlen', 'n'), redis.call('getrange', 'n', 1, 3)}
return {redis.call('set', 'n', 'v'), redis.call('getset', 'n', 'w'), redis.call('getdel', 'n'), redis.call('exists', 'n')}
return {redis.call('mset', 'a', 1, 'b', 2), redis.call('mget', 'a', 'b', 'c')}
return {redis.call('set', 'a', 1), redis.call('rename', 'a', 'b'), redis.call('get', 'b')}
return {pcall(redis.call, 'rename', 'nokey', 'b')}
return {redis.call('rpush', 'l', 'a', 'b', 'c'), redis.call('linsert', 'l', 'BEFORE', 'b', 'x'), redis.call('linsert', 'l', 'after', 'c', 'y'), redis.call('linsert', 'l', 'before', 'zz', 'q'), redis.call('lrange', 'l', 0, -1), redis.call('linsert', 'nokey', 'before', 'a', 'b')}
return {pcall(redis.call, 'linsert', 'l', 'middle', 'a', 'b')}
return {redis.call('set', 's', 1), pcall(redis.call, 'linsert', 's', 'before', 'a', 'b'), pcall(redis.call, 'linsert', 's', 'x', 'a', 'b')}
return {redis.call('rpush', 'l', 'a', 'b', 'c', 'b', 'b'), redis.call('lpos', 'l', 'b'), redis.call('lpos', 'l', 'b', 'RANK', 2), redis.call('lpos', 'l', 'b', 'RANK', -1), redis.call('lpos', 'l', 'b', 'COUNT', 0), redis.call('lpos', 'l', 'b', 'COUNT', 2), redis.call('lpos', 'l', 'b', 'RANK', -2, 'COUNT', 5), redis.call('lpos', 'l', 'b', 'MAXLEN', 1), redis.call('lpos', 'l', 'b', 'MAXLEN', 2, 'COUNT', 0), redis.call('lpos', 'l', 'z'), redis.call('lpos', 'l', 'z', 'COUNT', 1)}
return {redis.call('lpos', 'nokey', 'a'), redis.call('lpos', 'nokey', 'a', 'COUNT', 0)}
return {pcall(redis.call, 'lpos', 'l', 'a', 'RANK', 0)}
return {pcall(redis.call, 'lpos', 'l', 'a', 'COUNT', -1)}
return {pcall(redis.call, 'lpos', 'l', 'a', 'MAXLEN', -1)}
return {pcall(redis.call, 'lpos', 'l', 'a', 'RANK', 'x')}
return {pcall(redis.call, 'lpos', 'l', 'a', 'RANK', '-9223372036854775808')}
return {pcall(redis.call, 'lpos', 'l', 'a', 'COUNT')}
return {pcall(redis.call, 'lpos', 'l', 'a', 'FOO', 1)}
return {redis.call('set', 's', 1), pcall(redis.call, 'lpos', 's', 'a')}
return {redis.call('rpush', 'l', 'a', 'b', 'a'), redis.call('lpos', 'l', 'a', 'RANK', 3), redis.call('lpos', 'l', 'a', 'RANK', 3, 'COUNT', 0), redis.call('lpos', 'l', 'a', 'RANK', -2)}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b', 3, 'c'), redis.call('zpopmin', 'z'), redis.call('zpopmax', 'z'), redis.call('zrange', 'z', 0, -1)}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b', 3, 'c'), redis.call('zpopmin', 'z', 2), redis.call('zpopmax', 'z', 10), redis.call('exists', 'z'), redis.call('zpopmin', 'nokey'), redis.call('zpopmin', 'z', 0)}
return {pcall(redis.call, 'zpopmin', 'z', -1)}
return {pcall(redis.call, 'zpopmin', 'z', 'x')}
return {pcall(redis.call, 'zpopmin', 'z', 1, 2)}
return {redis.call('set', 's', 1), pcall(redis.call, 'zpopmax', 's')}
return {redis.call('zadd', 'z', 1, 'a'), redis.call('zpopmin', 'z', 0), redis.call('zcard', 'z')}
return {redis.call('set', 'a', 1, 'PX', 5000), redis.call('copy', 'a', 'b'), redis.call('get', 'b'), redis.call('pttl', 'b'), redis.call('set', 'c', 2), redis.call('copy', 'a', 'c'), redis.call('get', 'c'), redis.call('copy', 'a', 'c', 'REPLACE'), redis.call('get', 'c'), redis.call('copy', 'nokey', 'd')}
return {redis.call('hset', 'h', 'f', 'v'), redis.call('copy', 'h', 'h2'), redis.call('hset', 'h2', 'f', 'w'), redis.call('hget', 'h', 'f'), redis.call('hget', 'h2', 'f')}
return {pcall(redis.call, 'copy', 'a', 'a')}
return {pcall(redis.call, 'copy', 'a', 'b', 'FOO')}
return {redis.call('set', 'a', 1), redis.call('copy', 'a', 'b', 'DB', 0)}
return {redis.call('zadd', 'z', 1, 'a', 2, 'b'), redis.call('copy', 'z', 'z2'), redis.call('zrem', 'z2', 'a'), redis.call('zrange', 'z', 0, -1), redis.call('zrange', 'z2', 0, -1)}
return {pcall(redis.call, 'lpos', 'l', 'a', 'COUNT', 'x')}
return {pcall(redis.call, 'lpos', 'l', 'a', 'MAXLEN', 'x')}
return {redis.call('rpush', 'l', 'a', 'b', 'a'), redis.call('lpos', 'l', 'a', 'RANK', '-9223372036854775808')}
