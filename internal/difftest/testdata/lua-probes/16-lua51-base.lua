return tostring(nil) .. tostring(false) .. tostring(12) .. tostring(1.5)
return type(tostring(print))
return tonumber('0x10')
return tonumber('10', 16)
return tonumber('ff', 16)
return tonumber('FF', 16)
return tonumber('z', 36)
return tonumber('10', 2)
return tonumber('12', 2)
return tonumber('10', 1)
return tonumber('10', 37)
return tonumber('  10  ')
return tonumber('10a')
return tonumber('')
return tonumber(' ')
return tonumber('1e')
return tonumber('.5')
return tonumber('5.')
return tonumber('0x')
return tonumber('1 2')
return tonumber(nil)
return tonumber()
return tonumber({})
return tonumber(true)
return tonumber('-ff', 16)
return tonumber('7fffffffffffffff', 16)
return tonumber('ffffffffffffffffff', 16)
return tonumber('1.5', 10)
return tonumber(15, 16)
return tonumber('10', '16')
return tonumber('10', 16.7)
return select(2, 'a', 'b', 'c')
return select(-1, 'a', 'b', 'c')
return select(-5, 'a', 'b', 'c')
return select(0, 'a')
return select('x', 'a')
return tostring(10 / 3)
return tostring(-0)
return tostring(0 * -1)
return tostring(1e15)
return tostring(1e14)
return tostring(123456789012345)
return tostring(1234567890123456)
return tostring(0.1 + 0.2)
return tostring(100)
return tostring(1e-5)
return tostring(-1e-4)
return type(next({}))
return next({}, nil)
return next({1}, 1)
return next({1}, 2)
return rawequal('a', 'a')
return rawget({1}, 1)
return rawset({}, 1, 2)[1]
return type(getfenv)
return type(setfenv)
return type(getmetatable('x'))
return getmetatable('x').__index == string
return type(newproxy)
return type(gcinfo)
return type(collectgarbage)
return collectgarbage('count') > 0
return type(load)
return type(loadstring)
return type(dofile)
return type(loadfile)
return type(require)
return type(module)
return type(print)
return type(os)
return type(io)
return type(debug)
return type(_G)
return type(coroutine)
return type(jit)
return type(utf8)
return type(bit32)
return {pcall(error)}
return {pcall(error, nil)}
return {pcall(error, {code=1})}
return {pcall(error, 'msg', 0)}
return {pcall(error, 'msg', 1)}
return {pcall(setmetatable, 1, {})}
return {pcall(ipairs)}
return {pcall(pairs, nil)}
return {pcall(next, {}, 'nokey')}
return {pcall(tostring)}
return {pcall(select)}
return {pcall(unpack, 1)}
return {pcall(coroutine.resume, 1)}
return {xpcall(function() error('e') end, function(m) return 'h:' .. m end)}
return {xpcall(function() return 1, 2 end, print)}
return {pcall(xpcall)}
return {pcall(assert, false)}
return {pcall(assert, nil, 'custom')}
return {pcall(assert, false, {})}
return {assert(1, 2, 3)}
return {pcall(setmetatable({}, {__call=function(self, a) return a end}), 5)}
return {pcall(function() local t = setmetatable({}, {__index=function(t, k) return k .. '!' end}) return t.x end)}
return {pcall(function() return setmetatable({}, {__metatable='locked'}) end)}
return getmetatable(setmetatable({}, {__metatable='locked'}))
return {pcall(setmetatable, setmetatable({}, {__metatable='locked'}), {})}
return {pcall(function() return {} .. 'x' end)}
return {pcall(function() return -{} end)}
return {pcall(function() return {} < {} end)}
return {pcall(function() return 1 < 'x' end)}
return {pcall(function() return 'a' < 'b' end)}
return {pcall(function() return 'a\0b' < 'a\0c' end)}
return {pcall(function() local a = nil; a.b = 1 end)}
return {pcall(function() local a = nil; return a.b.c end)}
return {pcall(function() undefinedfn() end)}
return {pcall(function() local t = {} t.x.y = 1 end)}
local co = coroutine.create(function(a) local b = coroutine.yield(a + 1) return b * 2 end) local _, x = coroutine.resume(co, 1) local _, y = coroutine.resume(co, 10) return {x, y, coroutine.status(co)}
local co = coroutine.create(function() error('inside') end) return {coroutine.resume(co)}
local co = coroutine.create(function() end) coroutine.resume(co) return {coroutine.resume(co)}
return {coroutine.running()}
return {pcall(coroutine.yield, 1)}
local f = coroutine.wrap(function() error('w') end) return {pcall(f)}
return type(coroutine.wrap(function() end))
local t = setmetatable({}, {__newindex=function(t,k,v) rawset(t, k, v * 2) end}) t.a = 5 return t.a
local a = setmetatable({}, {__add=function(x, y) return 7 end}) return a + 1
local a = setmetatable({}, {__concat=function(x, y) return 'cc' end}) return a .. 'x'
local a = setmetatable({}, {__eq=function() return true end}) local b = setmetatable({}, getmetatable(a)) return a == b
local a = setmetatable({}, {__lt=function() return true end}) return a < a
local a = setmetatable({}, {__le=function() return false end}) return a <= a
local a = setmetatable({}, {__unm=function() return 3 end}) return -a
local a = setmetatable({}, {__div=function() return 3 end}) return a / 2
return {pcall(function() for i = 1, 10, 0 do return i end end)}
local t = {a=1} local k = next(t) return k
local s = '' local t = {1.5, 2.5} t[0.5] = 'h' t[-1] = 'm' for k in pairs(t) do s = s .. tostring(k) .. ',' end return s
return type(os.date)
return {pcall(os.exit)}
return {pcall(os.getenv, 'HOME')}
return {pcall(os.execute)}
return {pcall(io.write, 'x')}
return type(struct)
return type(cjson)
return type(bit)
return type(cmsgpack)
return type(KEYS)
return {pcall(function() KEYS[1] = 'x' end)}
return {pcall(function() x = 1 end)}
return {pcall(function() _G.x = 1 end)}
return {pcall(function() rawset(_G, 'x', 1) end)}
return {pcall(function() setmetatable(_G, nil) end)}
return {pcall(function() local t = getmetatable('') t.__index = nil end)}
return type(_G.redis)
return rawget(_G, 'x')
return tonumber('z', 36) + tonumber('Z', 36)
return tonumber('  ff  ', 16)
return tonumber('0x1f', 16)
return tonumber('0x', 16)
return tonumber('0xg', 16)
return tonumber('ff', 15)
return tonumber('11', 2) + tonumber('777', 8)
return tonumber('-10', 2)
return tonumber('+10', 2)
return tonumber('1 0', 2)
return tonumber('', 16)
return tonumber('10\0x', 16)
return {pcall(tonumber, nil, 16)}
return {pcall(tonumber, {}, 16)}
return tonumber('  0x10  ')
return tonumber('1e1', 10)
return tonumber(nil, 10)
return {pcall(tonumber)}
return select('2', 'a', 'b')
return select(2.7, 'a', 'b')
return {select(-2, 'a', 'b', 'c')}
return {select(5, 'a', 'b')}
return {pcall(select, -4, 'a', 'b', 'c')}
return {pcall(select, 'foo')}
return {pcall(next, {}, 1)}
return {next({10, 20}, 1)}
local t = {a=1} t.a = nil return {pcall(next, t, 'a')}
return {pcall(next, nil)}
local t = {} return rawset(t, 'k', 'v') == t
return {pcall(rawset, {}, nil, 1)}
return {pcall(rawset, 1, 1, 1)}
return {pcall(setmetatable, {}, 1)}
return {pcall(setmetatable, {})}
return {pcall(setmetatable, {}, nil)}
return getmetatable(setmetatable({}, nil)) == nil
return {pcall(xpcall, 1)}
return {xpcall(nil, function(e) return 'H:' .. e end)}
return {xpcall(error, function(e) return 'H' end)}
return {xpcall(function() return 'ok' end, 1)}
return {xpcall(function() error('x') end, 1)}
return gcinfo() > 0
return collectgarbage() == 0
return {pcall(collectgarbage, 'nope')}
return type(collectgarbage('step'))
return tostring(-(0/0))
local co = coroutine.create(function() return 1 end) coroutine.resume(co) return {coroutine.resume(co)}
local co = coroutine.wrap(function() return 1 end) co() return {pcall(co)}
return {pcall(coroutine.resume)}
return {pcall(coroutine.resume, {})}
local co co = coroutine.create(function() return coroutine.resume(co) end) return {coroutine.resume(co)}
return {pcall(coroutine.yield)}
