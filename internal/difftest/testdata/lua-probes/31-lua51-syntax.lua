-- lexer: numerals, strings, long brackets, comments, odd bytes
return 1e
return 1e+
return 1e5
return 1E-2
return .5
return 5.
return 3..2
return 3 .. 2
return 0x
return 0x10
return 0X1F
return 0x1p4
return 0x1.8
return 0xg
return 1.2.3
return 12abc
return 1_000
return 1e999
return -1e999
return 08
return 'abc
--- begin
return 'abc
def'
--- end
--- begin
return "a\
b"
--- end
return 'a\300'
return 'a\255'
return 'a\0b'
return '\65\066\0671'
return '\q\z\x41'
return '\a\b\f\v'
--- begin
return [[
abc]]
--- end
return [[abc
return [==[a]]b]=]c]==]
return [[a[[b]]
return [==[a[[b]]c]==]
return [=x
return [=
--- begin
--[[ unfinished
--- end
--- begin
--[==[ long ]==] return 1
--- end
--- begin
--[ not long
return 2
--- end
return 1 -- trailing
return 1 --[[ x ]] + 1
return "\""
return #'a\0b'
return 1 ~ 2
return 1 != 2
return 1 // 2
return 1 & 2
return ~1
return @
return $x
return `x`
--- quoted "return \x01"
--- quoted "return \x7f"
return 'été'
return 'a' 'b'

-- statements Lua 5.1 refuses (5.2+ syntax, misplaced statements)
goto x
::a:: return 1
local x <const> = 1
break
return 1; return 2
while true do break; local x = 1 end
while true do break end return 1
for i = 1, 2 do break end return 3
repeat break until true return 4
do return 5 end
return
return;
;
x = 1;;
local a = 1; local b = 2; return a + b
return 1 2
return function() end end
local function f( return 1 end
local function f(a,) end
local function f(a, ...) return ... end return f(1, 2, 3)
local function f(..., a) end
local function f(a b) end
function a.b:c.d() end
function a:b:c() end
function () end
local function () end
local 1 = 2
local x, = 1
x, y = 1
x, f() = 1, 2
f() = 1
(x) = 1
(x).y = 1 return x
x.y.z = 1
x[1] = 1
a.b:c = 1
x
x y
f
'a'.x = 1
return ('a').x
return #{1,2,3}
local t = {1,2,,}
local t = {,}
return #{1;2;3;}
return {a=1, [2]=2, 3; b=4}
return {x y}
return {a = }
return {[1] 2}
return {[1] = }
for i=1 do end
for i=1,2,3,4 do end
for i do end
for i, j = 1, 2 do end
for 1 = 1, 2 do end
for k, v in pairs({}) end
if true then return 1
if true then return 1 else return 2 elseif false then end
if true then elseif false then else end return 6
if true return 1 end
while true end
repeat local x = 1 until x == 1 return 7
repeat until
return 1 +
return 1 + + 2
return - - 2
return not not nil
return 2 ^ - 2
return -2 ^ 2
return 1 .. 2 .. 3
return 1 < 2 < 3
return 'a' < 'b' == true
return #
return }
return )
return (1
return (1))
return f(
return f(1,
return f(1 2)
return f{1}
return f'x'
return x:y
return x:y 1
return x.1
return x.
return x[
return x[1
return ...
return select('#', ...)
local a, b = ... return {a == nil, b == nil}
local function f() return ... end
return function(...) return function() return ... end end
return arg

-- messages that name the opening line, across lines
--- begin
if true then
  return 1

--- end
--- begin
while true do
local x = 1

--- end
--- begin
local function f()
  return 1

--- end
--- begin
return {
1,
2

--- end
--- begin
return f(
1,
2

--- end
--- begin
return (
1

--- end
--- begin
for i = 1, 2 do


--- end
--- begin
repeat
local x = 1

--- end
--- begin
do

--- end
--- begin
local t = {1,
2,,
3}
--- end
--- begin
return 1
+

--- end
--- begin
local x = 1
return x
x = 2
--- end
--- begin
local f = print
f
(1)
--- end
--- begin
local t = {}
t.f = function() return 1 end
return t
.f()
--- end
--- begin
local s = 'x'
local t = s
('y')
--- end
--- begin
return 'a
b'
--- end
--- begin
local s = [[
line2
line3]] return s
--- end
--- quoted "x = 1\r\ny = = 2"
--- quoted "x = 1\n\r\ny = = 2"
--- quoted "x = 1\r\n\r\ny = = 2"
--- quoted "x = 1\ry = = 2"

-- loadstring: the same parser, named by its source
return {loadstring('x = = 1')}
return {loadstring('return 1 +')}
return {loadstring('local x = [[abc')}
return {loadstring('return 1', 'mychunk')}
return {loadstring('x =', '=mychunk')}
return {loadstring('x =', '@file.lua')}
return {loadstring('a very long source text that goes on and on beyond forty letters = = 1')}
return {loadstring('first line\nsecond = = 1')}
return {loadstring('goto x')}
return {loadstring('return ...')}
return loadstring('return ...')(1, 2)
return {loadstring('break')}
return {loadstring('\27Lua')}
return {pcall(loadstring, nil)}

-- Lua 5.1's limits
return (((((((((((((((((((((((((((((((((((((((((((((((((((1)))))))))))))))))))))))))))))))))))))))))))))))))
local s = string.rep('(', 198) .. '1' .. string.rep(')', 198) return {loadstring('return ' .. s)} ~= nil
return {loadstring('return ' .. string.rep('(', 199) .. '1' .. string.rep(')', 199))}
return {loadstring('return ' .. string.rep('(', 190) .. '1' .. string.rep(')', 190))}
return {loadstring(string.rep('do ', 199) .. string.rep('end ', 199))}
return {loadstring(string.rep('do ', 200) .. string.rep('end ', 200))}
return {loadstring('return ' .. string.rep('1 .. ', 197) .. '1')}
return {loadstring('return ' .. string.rep('1 .. ', 198) .. '1')}
return {loadstring('return ' .. string.rep('-', 197) .. '1')}
return {loadstring('return ' .. string.rep('-', 198) .. '1')}
return {loadstring('return ' .. string.rep('1 + ', 5000) .. '1')}
return {loadstring('local ' .. string.rep('a, ', 199) .. 'a = 1')}
return {loadstring('local ' .. string.rep('a, ', 200) .. 'a = 1')}
return {loadstring('local function f() local ' .. string.rep('a, ', 200) .. 'a = 1 end')}
return {loadstring('local function f(' .. string.rep('a, ', 199) .. 'a) end')}
return {loadstring(string.rep('a, ', 197) .. 'a = 1')}
return {loadstring(string.rep('a, ', 198) .. 'a = 1')}
local s = '' for i = 1, 60 do s = s .. 'local v' .. i .. ' = ' .. i .. ' ' end s = s .. 'return function() return ' for i = 1, 60 do s = s .. 'v' .. i .. ' + ' end return {loadstring(s .. '0 end')}
local s = '' for i = 1, 61 do s = s .. 'local v' .. i .. ' = ' .. i .. ' ' end s = s .. 'return function() return ' for i = 1, 61 do s = s .. 'v' .. i .. ' + ' end return {loadstring(s .. '0 end')}
local s = '' for i = 1, 61 do s = s .. 'local v' .. i .. ' = ' .. i .. ' ' end s = s .. 'return function()\n return function() return ' for i = 1, 61 do s = s .. 'v' .. i .. ' + ' end return {loadstring(s .. '0 end end')}
local s = '' for i = 1, 61 do s = s .. 'local v' .. i .. ' = ' .. i .. ' ' end s = s .. 'return function() return ' for i = 1, 61 do s = s .. 'v1 + ' end return {loadstring(s .. '0 end')}

-- eval.c evalExtractShebangFlags: a "#!lua" first line
--- begin
#!lua
return 1
--- end
--- begin
#!lua flags=no-writes
return redis.call('set', 'k', 'v')
--- end
--- begin
#!lua flags=no-writes
return redis.call('get', 'k')
--- end
--- begin
#!lua flags=no-writes
return redis.pcall('del', 'k')
--- end
--- begin
#!lua flags=no-writes
return redis.call('publish', 'c', 'm')
--- end
--- begin
#!lua flags=no-writes,allow-oom
return 2
--- end
--- begin
#!lua flags=allow-oom,allow-stale,no-cluster,allow-cross-slot-keys
return redis.call('set', 'k', 'v')
--- end
#!lua
--- begin
#!luax
return 1
--- end
--- begin
#!lua flags=bogus
return 1
--- end
--- begin
#!lua flags=no-writes,
return 1
--- end
--- begin
#!lua foo=bar
return 1
--- end
--- begin
#! lua
return 1
--- end
--- quoted "#!lua \nreturn 1"
--- begin
#!lua flags=
return 1
--- end
--- begin
#!lua "flags=no-writes"
return redis.call('set','k','v')
--- end
--- begin
#!lua 'flags=no-writes'x
return 1
--- end
--- begin
#!lua "flags=\x6eo-writes"
return redis.call('set','k','v')
--- end
--- begin
#!lua "unbalanced
return 1
--- end
--- quoted "#!lua\r\nreturn 1"
--- begin
#!lua
error('x')
--- end
--- begin
#!lua
return 1 +
--- end
--- begin
#!lua
return {loadstring('x = = 1')}
--- end
--- begin
#!/usr/bin/lua
return 1
--- end
--- begin
 #!lua
return 1
--- end
