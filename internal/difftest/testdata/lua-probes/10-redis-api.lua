local b = bit; return b.tobit({})
return redis.sha1hex('')
return redis.sha1hex('abc')
return redis.sha1hex(2^53)
return redis.sha1hex(nil)
return redis.sha1hex(1, 2)
return cjson.encode(redis.pcall('nosuchcmd'))
return redis.pcall('nosuchcmd')
return pcall(redis.call, 'nosuchcmd')
return {pcall(redis.call, 'nosuchcmd')}
return {pcall(redis.call, 'get')}
return {pcall(redis.call, 'set', 'k', {})}
redis.call('set', 'k', 'v') return redis.call('hget', 'k', 'f')
redis.call('set', 'k', 'v') return redis.pcall('hget', 'k', 'f')
return redis.set_repl(redis.REPL_ALL)
return redis.set_repl(5)
return redis.set_repl()
return redis.replicate_commands()
return redis.acl_check_cmd('hkeys', 'x')
return redis.acl_check_cmd('config', 'get', 'x')
return redis.acl_check_cmd('config', 'bogus')
return redis.acl_check_cmd('bogus')
return redis.acl_check_cmd()
return redis.acl_check_cmd({})
return redis.log(redis.LOG_NOTICE, 'a', {}, 1)
return redis.log('1', 'a')
return redis.log(3.9, 'a')
return redis.log(-0.5, 'a')
return redis.log(4, 'a')
return redis.call('set', 'k', cjson.null)
return cjson.encode(KEYS)
return redis.breakpoint()
return redis.debug('a')
return redis.acl_check_cmd('get','x')
return redis.log(5,'x')
return redis.log('a','x')
return redis.log(1)
return redis.log('3', {})
return redis.sha1hex(1.5)
return redis.sha1hex({})
return pcall(error, {err='x'})
return {pcall(error, {err='x'})}
return {pcall(error, {1})}
local a, b = pcall() return {tostring(a), tostring(b)}
local co = coroutine.create(function() redis.call('nosuch') end) local ok, e = coroutine.resume(co) return {ok, type(e), e.err}
local co = coroutine.create(function(a) local b = coroutine.yield(a + 1) return b * 2 end) local _, x = coroutine.resume(co, 1) local _, y = coroutine.resume(co, 10) return {x, y, coroutine.status(co)}
return {xpcall(function() redis.call('nosuch') end, function(e) return e.err end)}
