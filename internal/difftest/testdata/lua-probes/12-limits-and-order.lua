return cjson.encode({cjson.null, [""] = (function() local t = {} return t end)()})
local t = {1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50, (function() return 99, 98 end)()} return {t[1], t[50], t[51], t[52], #t}
local function f() return 42 end local t = {1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50, x = f()} return {t[1], t[50], t.x, #t}
local a = -0 return tostring(-1/0)
local t = {x = (-0)} t.y = (-1/0) return cmsgpack.pack(t.y)
return cmsgpack.pack({[2.147483647e+09] = true, [5] = 1})
return cjson.encode(cmsgpack.unpack(cmsgpack.pack({[""] = true, [7] = true})))
return cjson.encode({cmsgpack.unpack(cmsgpack.pack({["1"] = "", [""] = cjson.null, [0] = ""}))})
return cjson.encode(cmsgpack.unpack("\148\192\192\192\1"))
local t = {} local c = t for i = 1, 9000 do c[1] = {} c = c[1] end local r = redis.call('ping') return t
local t = {} local c = t for i = 1, 9000 do c.x = {} c = c.x end return {map = t}
local t = {} local c = t for i = 1, 5000 do c[1] = {} c = c[1] end cjson.encode_max_depth(100000) return cjson.encode(t)
local t = {} local c = t for i = 1, 5000 do c.a = {} c = c.a end cjson.encode_max_depth(100000) return cjson.encode(t)
cjson.decode_max_depth(100000) return cjson.decode(string.rep('[', 5000) .. string.rep(']', 5000)) ~= nil
cjson.decode_max_depth(100000) return cjson.decode(string.rep('{"a":', 5000) .. '1' .. string.rep('}', 5000)) ~= nil
return cjson.decode(string.rep('[', 1001) .. string.rep(']', 1001))
return cmsgpack.unpack(string.rep('\145', 5000) .. '\1') ~= nil
return cmsgpack.unpack(string.rep('\129\1', 5000) .. '\1') ~= nil
return select('#', cmsgpack.unpack(string.rep('\1', 9000)))
return select('#', cmsgpack.unpack_limit(string.rep('\1', 9000), 8500))
return select('#', cmsgpack.unpack_limit(string.rep('\1', 9000), 7999))
return select('#', cmsgpack.unpack_limit(string.rep('\1', 9000), 7998))
return select('#', struct.unpack(string.rep('b', 9000), string.rep('a', 9000)))
return select('#', struct.unpack(string.rep('b', 7997), string.rep('a', 9000)))
return select('#', struct.unpack(string.rep('b', 7998), string.rep('a', 9000)))
return #struct.pack(string.rep('c0', 3), string.rep('x', 9000), string.rep('y', 9000), 'z')
return struct.pack('c0c0c0i', string.rep('x', 9000), string.rep('y', 9000))
return struct.pack('c0c0ii', string.rep('x', 9000), string.rep('y', 9000))
return struct.pack('c0c0iii', string.rep('x', 9000), string.rep('y', 9000))
return #cmsgpack.pack(unpack({1,2,3}))
local t = {} for i = 1, 4001 do t[i] = i end return cmsgpack.pack(unpack(t))
local t = {} for i = 1, 4000 do t[i] = i end return #cmsgpack.pack(unpack(t))
local t = {} for i = 1, 100 do t['k' .. i] = i end return cjson.encode(t)
local t = {} for i = 1, 100 do t['k' .. i] = i end return cmsgpack.pack(t)
local t = {} for i = 1, 30 do t[i] = i end for i = 1, 30 do t['k' .. i] = i end return cjson.encode(t)
local t = {1, 2, 3} t.x = 1 t.y = 2 t[4] = 4 return cjson.encode(t)
return cjson.encode({[1.5] = 1, [-2] = 2, [true] = 3})
return cmsgpack.pack({[1.5] = 1, [-2] = 2, [true] = 3, [false] = 4})
return redis.pcall('hset', 'h', 'a')
redis.call('set', 'k', 'v') return cjson.encode(redis.pcall('hget', 'k', 'x'))
