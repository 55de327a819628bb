redis.setresp(3) return true
redis.setresp(3) return false
redis.setresp(3) return {false, true}
redis.setresp(2) return false
redis.setresp(3) redis.call('hset', 'h', 'a', '1', 'b', '2') return redis.call('hgetall', 'h')
redis.setresp(3) redis.call('hset', 'h', 'a', '1', 'b', '2') return cjson.encode(redis.call('hgetall', 'h'))
redis.setresp(3) return redis.call('get', 'nokey') == nil
redis.setresp(3) redis.call('zadd', 'z', '1.5', 'm') return cjson.encode(redis.call('zscore', 'z', 'm'))
redis.setresp(3) redis.call('zadd', 'z', '1.5', 'm') return cjson.encode(redis.call('zrange', 'z', '0', '-1', 'withscores'))
redis.setresp(3) redis.call('zadd', 'z', '1.5', 'm') return cjson.encode(redis.call('zincrby', 'z', '1', 'm'))
redis.setresp(3) return cjson.encode(redis.call('zadd', 'z', 'incr', '1', 'm'))
redis.setresp(3) return type(redis.call('hget', 'nokey', 'f'))
redis.setresp(3) return redis.call('ping')
redis.setresp(3) return cjson.encode(redis.call('hgetall', 'nokey'))
redis.setresp(3) redis.call('rpush', 'l', 'a', 'b') return redis.call('lrange', 'l', 0, -1)
return redis.setresp(4)
return redis.setresp('3')
return redis.setresp()
return redis.setresp(2.5)
