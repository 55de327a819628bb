return cjson.encode(redis.error_reply('My Error'))
return cjson.encode(redis.status_reply('x'))
local ok, e = pcall(redis.call, 'nosuchcmd') error(e, 0)
local ok, e = pcall(redis.call, 'nosuchcmd') error(e)
error(redis.error_reply('MY error'))
error({err='x\0y'})
return {err='x\0y'}
return {ok='x\0y'}
return redis.error_reply('')
return redis.error_reply('-')
return redis.error_reply('- x')
return redis.error_reply('x')
return redis.error_reply('a b c\r\n')
return redis.error_reply(1)
return redis.status_reply('a\r\nb')
return redis.status_reply(1)
local t = redis.status_reply(1) return t.err
return {err=''}
return {err='x\r\ny\r\n'}
return {ok=''}
return {ok='a', err='b'}
