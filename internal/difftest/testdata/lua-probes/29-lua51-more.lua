return loadstring('return 1 +')
return {loadstring('return 1 +')}
return {pcall(loadstring('error("x")'))}
return loadstring('return ...')(5)
return {loadstring('x = ')}
return {loadstring(string.rep('(', 300) .. '1' .. string.rep(')', 300))}
return type(loadstring('return 1', 'chunk'))
return {pcall(loadstring, nil)}
return {loadstring('return 1', '=name')()}
return {pcall(loadstring('local x = nil; return x.y', '@file'))}
return {pcall(loadstring('local x = nil; return x.y', 'name'))}
return {pcall(loadstring('local x = nil; return x.y', '=name'))}
return {pcall(loadstring('local x = nil\n\nreturn x.y'))}
return string.rep('ab', 3, ',')
return ('x'):rep(2):upper()
return 10 .. ''
return 1e15 .. ''
return 1e16 .. ''
return 0.1 + 0.2 == 0.3
return tostring(3 % -2) .. tostring(-3 % 2) .. tostring(3.5 % -2)
return tostring(-7 / 2)
return tostring(math.floor(-7 / 2))
return 'a' < 'b', 'a' < 'B'
return {'a\0b' < 'a\0c', 'a' < 'a\0', 'Z' < 'a'}
return {'10' + 1, '0x10' + 1, '1e1' + 1, ' 5 ' * 2}
return {pcall(function() return '10' + 'x' end)}
return {pcall(function() return {} + 1 end)}
return {pcall(function() return 'a' < 1 end)}
return {1 == '1', '1' == 1, 1 == 1.0}
return {tostring(nil == false), tostring(0 == -0)}
return {#'abc', #''}
return {pcall(function() return #nil end)}
return {pcall(function() local a = 'x' return a.len end)}
return ('abc'):len()
return ('%s'):rep(2)
return {pcall(function() return ('x'):nosuch() end)}
return {string.byte('A'), ('A'):byte()}
return {unpack({1, nil, 3})}
return {unpack({1, nil, 3}, 1, 3)}
return select('#', unpack({1, nil, 3}, 1, 3))
return {pcall(unpack, {}, 1, 9000)}
return {pcall(unpack, {}, 1, 7999)}
return table.concat({1, 2, 3}, 5)
return table.concat({'a'}, ', ', 1, 1)
return {pcall(table.concat, {'a'}, ', ', 1, 2)}
local t = setmetatable({}, {__index = {a = 1}}) return {t.a, rawget(t, 'a')}
local t = setmetatable({}, {__newindex = function(t, k, v) rawset(t, k, v .. '!') end}) t.x = 'y' return t.x
local t = setmetatable({}, {__call = function(self, x) return x * 2 end}) return t(21)
local t = setmetatable({}, {__tostring = function() return 'T!' end}) return tostring(t)
local t = setmetatable({}, {__tostring = function() return 42 end}) return {pcall(tostring, t)}
local t = setmetatable({}, {__concat = function(a, b) return 'cat' end}) return {t .. 'x', 'x' .. t}
local t = setmetatable({}, {__eq = function() return true end}) return t == {}
local a = setmetatable({}, {__lt = function(x, y) return true end}) return {pcall(function() return a < 1 end)}
local a = setmetatable({}, {__index = function(t, k) return k * 2 end}) return a[21]
return {pcall(setmetatable, {}, {__index = 1})}
return getmetatable({}) == nil
return {pcall(getmetatable)}
return type(getmetatable('').__index)
return {pcall(rawequal)}
return {rawequal({}, {}), rawequal('a', 'a'), rawequal(1, 1.0)}
return {pcall(rawget, 'x', 1)}
return {pcall(rawlen)}
return {pcall(ipairs, nil)}
local n = 0 for i, v in ipairs({1, 2, nil, 4}) do n = n + 1 end return n
local s = '' for i, v in ipairs({'a', 'b'}) do s = s .. i .. v end return s
local s = 0 for i = 10, 1, -3 do s = s + i end return s
local s = 0 for i = 1, 3 do local i = i * 2 s = s + i end return s
return {pcall(function() for i = 1, 'x' do end end)}
return {pcall(function() for i = 'a', 2 do end end)}
return {pcall(function() for i = 1, 2, {} do end end)}
local t = {} for i = 1, 3 do t[i] = function() return i end end return {t[1](), t[2](), t[3]()}
local function f(...) return select('#', ...) end return {f(), f(nil), f(nil, nil), f(1, nil)}
local function f(...) local a, b = ... return {a, b} end return f(1, 2, 3)
local function f(...) return arg end return {pcall(f, 1, 2)}
local function f(a, ...) return ... end return {f(1, 2, 3)}
return (function(...) return #{...} end)(1, 2, 3)
return {pcall(function() local t = {} t[nil] = 1 end)}
return {pcall(function() local t = {} t[0/0] = 1 end)}
local t = {} t[1.0] = 'a' t[2^53] = 'b' return {t[1], t[2^53]}
local t = {} t['1'] = 'x' return {t[1], t['1']}
return {pcall(string.format, '%s', string.rep('x', 200))}
return #string.format('%s', string.rep('x', 200))
return string.format('%.3s|%-3s|%3s', 'abcdef', 'a', 'a')
return tostring(1e100)
return tostring(-1e-100)
return tostring(123456789012)
return tostring(2^63)
return tostring(-2^63)
return tostring(2^64)
return math.floor(2^62) == 2^62
return tostring(math.floor(1e100))
return tostring(math.ceil(-0.5))
return {math.abs(-0), tostring(math.abs(-0))}
return tostring(math.huge / math.huge)
return tostring(-math.huge * 0)
return tostring(math.sqrt(2))
return tostring(math.exp(710))
return tostring(math.exp(-1000))
return tostring(math.log(0))
return tostring(math.log(-0))
return tostring(math.atan(1/0))
return tostring(math.sin(1/0))
return tostring(math.floor(-0))
return tostring(7 % 0)
return tostring(-7 % 0)
return tostring(0 % 0)
return tostring(2^1024)
return tostring(2^-1080)
return tostring(1/3*3)
return string.format('%.17g', 0.1)
return tostring(tonumber('1e500'))
return tostring(tonumber('-1e500'))
return tostring(tonumber('1e-500'))
return tostring(tonumber('0x1p4'))
return tostring(tonumber('1e+'))
return tostring(tonumber('infinity'))
return tostring(tonumber('nan'))
return tostring(tonumber('-inf'))
return tostring(tonumber('  0x10'))
return tostring(tonumber('0X1F'))
return tostring(tonumber('1.'))
return tostring(tonumber('.'))
return tostring(tonumber('1e1.5'))
return tostring(tonumber('\t5\n'))
return tostring(tonumber('5\0'))
return redis.call('set', 'k', 0.1) and redis.call('get', 'k')
return redis.call('set', 'k', 1e300) and redis.call('get', 'k')
return redis.call('set', 'k', -2^63) and redis.call('get', 'k')
return redis.call('set', 'k', 2^64) and redis.call('get', 'k')
return redis.call('set', 'k', 1/3) and redis.call('get', 'k')
return {pcall(redis.call, 'set', 'k', 0/0)}
return {pcall(redis.call, 'set', 'k', 1/0)}
--- quoted "return redis.call('incrby', 'k', 2^53) "
return {pcall(redis.call, 'incrby', 'k', 2^63)}
return {pcall(redis.call, 'incrby', 'k', 1.5)}
return {pcall(redis.call, 'pexpire', 'k', 1.5)}
return {redis.call('set', 'k', 1), redis.call('pexpire', 'k', 1e3), redis.call('pttl', 'k')}
return {redis.call('hset', 'h', 1.5, 2.5), redis.call('hgetall', 'h')}
return {redis.call('zadd', 'z', 1/3, 'a'), redis.call('zscore', 'z', 'a')}
return {redis.call('zadd', 'z', '1e400', 'a')}
return {pcall(redis.call, 'zadd', 'z', '1e400', 'a')}
return {redis.call('zadd', 'z', '-0', 'a'), redis.call('zscore', 'z', 'a')}
return {redis.call('zadd', 'z', 2^53 + 1, 'a'), redis.call('zscore', 'z', 'a')}
return {redis.call('zadd', 'z', 5e-324, 'a'), redis.call('zscore', 'z', 'a')}
return {redis.call('zadd', 'z', 1.7976931348623157e308, 'a'), redis.call('zscore', 'z', 'a')}
return {redis.call('rpush', 'l', 1.5, -0, 1e20), redis.call('lrange', 'l', 0, -1)}
return tostring(math.cos(1/0))
return tostring(math.tan(-1/0))
return tostring(math.asin(2))
return tostring(math.sin(0/0))
return tostring(math.log10(-1))
return tostring(math.sqrt(-4))
return tostring(math.acos(-2))
return tostring(math.fmod(0/0, 1))
return tostring(math.atan2(0/0, 1))
return tostring(math.exp(0/0))
return tostring(math.pow(-1, 0.5))
return tostring(math.cosh(1/0))
return tostring((1/0) - (1/0))
return tostring((1/0) * 0)
return tostring(0/0 * -1)
