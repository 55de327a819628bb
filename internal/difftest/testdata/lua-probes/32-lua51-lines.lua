--- begin
local t = nil
return t
.x
--- end
--- begin
local t = {}
return t.a
.b
--- end
--- begin
local f
return f
(1)
--- end
--- begin
return nosuch
(1)
--- end
--- begin
local t = {}
return t:m
(1)
--- end
--- begin
local a = {}
return 1 +
a
--- end
--- begin
local a = {}
return a
+ 1
--- end
--- begin
local a = 'x'
return a ..
{}
--- end
--- begin
local a
return #
a
--- end
--- begin
local a
return -
a
--- end
--- begin
local a = {}
return a <
1
--- end
--- begin
local a = {}
return 1
<
a
--- end
--- begin
local t = {}
t.a.b
= 1
--- end
--- begin
local t = {}
t.a
.b = 1
--- end
--- begin
local t
t[
1] = 2
--- end
--- begin
return redis.call(
'nosuchcmd')
--- end
--- begin
return redis.call('incr',
'x', 'y')
--- end
--- begin
local x = redis.call('set', 'k', 'v')
return redis.call('incr',
'k')
--- end
--- begin
for i = 1,
'x' do end
--- end
--- begin
for i = 1, 2
,
{}
do end
--- end
--- begin
for i =
{}, 2 do
end
--- end
--- begin
for k in
nil
do end
--- end
--- begin
local t = setmetatable({}, {__index = function(t, k) error('boom') end})
return t
.x
--- end
--- begin
local function f()
error('e', 2)
end
return f
()
--- end
--- begin
return tostring(nil) ..
nil
--- end
--- begin
local a = {}
local b = a
.c
.d
--- end
--- begin
return {
1,
nil + 1
}
--- end
--- begin
return string.rep(
)
--- end
--- begin
local s = 'x'
return s:bad
()
--- end
--- begin
local t = {}
t
[nil] = 1
--- end
--- begin
while
nil + 1
do end
--- end
--- begin
if
{} < 1
then end
--- end
--- begin
repeat local x = {}
until
x < 1
--- end
--- begin
local t = {}
return t
.f(1)
--- end
--- begin
local t = {}
return t.a
.f(1)
--- end
--- begin
local t = {f = {}}
return t.f
.g
.h(1)
--- end
--- begin
local t = {}
return t:m(
1)
--- end
--- begin
local s = 'x'
return s
:nosuch(1)
--- end
--- begin
local t = {a = {}}
return t.a.b
+ 1
--- end
--- begin
local t = {a = {}}
local x = t.a.b
+ 1
--- end
--- begin
local t = {}
return t.a.b
.c
--- end
--- begin
local t = {}
t.x = t.a
.b
--- end
--- begin
return #
nil
--- end
--- begin
return ('x')
:rep(1, 2, 3) .. {}
--- end
--- begin
local a = {}
return a[
1][2]
--- end
--- begin
local f = function() end
return f()
.x
--- end
--- begin
return (nil)
.x
--- end
--- begin
return ("a")
.x.y
--- end
--- begin
local t = setmetatable({}, {__call = 1})
return t(
)
--- end
--- begin
return string.rep('x', -1)
..
nil
--- end
--- begin
return 1 ..
2 ..
{}
--- end
--- begin
return 'a' .. 'b'
.. {} .. 'c'
--- end
--- begin
return {} .. 'a'
.. 'b'
--- end
--- begin
local x = 1
x = x
+ {}
--- end
--- begin
local x = {}
return x
< 1
--- end
--- begin
local x = {}
return -
x
--- end
--- begin
return not
nil .. {}
--- end
--- begin
local t = {}
t
.a
.b = 1
--- end
--- begin
local t = {}
t.a
[1] = 2
--- end
--- begin
return redis.call('get',
'a', 'b'
)
--- end
--- begin
return redis
.call('nosuch')
--- end
--- begin
return redis.call
('nosuch')
--- end
--- begin
local a, b = 1
return a + b
--- end
local function f() error("e", 2) end return f()
--- begin
local function f() error("e", 2) end return
f()
--- end
--- begin
local function f() error("e", 2) end return f(
)
--- end
--- begin
local function f ( ) error (
"e" ,
2
) end return
f (
)
--- end
local function f() error("e", 2) end local x = f()
local function f() error("e", 2) end local function g() return f() end return g()
local function f() error("e", 2) end local function g() f() end return g()
local function f() error("e", 2) end local function g() local x = f() return x end g()
local function f() error("e", 3) end local function g() return f() end local function h() g() end h()
local function f() error("e", 3) end local function g() f() end local function h() g() end h()
local function f() error("e", 1) end return f()
local function f() error("e") end local function g() return f() end return {pcall(g)}
local function f() error("e", 2) end local function g() return f() end return {pcall(g)}
local function f() error("e", 2) end return {pcall(f)}
local function f() error("e", 3) end return {pcall(f)}
local function f() error("e", 2) end local function g() return f() end return {xpcall(g, function(m) return m end)}
local function f(n) if n == 0 then error("deep", 2) end return f(n - 1) end return f(5)
local function f(n) if n == 0 then error("deep", 2) end local r = f(n - 1) return r end return f(5)
local function f() local x = nil; return x.y end return f()
local function f() return nosuch() end return f()
return (function() error("x", 2) end)()
local t = setmetatable({}, {__index = function(t, k) error("idx", 2) end}) return t.x
local t = setmetatable({}, {__index = function(t, k) error("idx", 3) end}) local function f() return t.x end f()
--- begin
return { pcall ( rawlen
)
}
--- end
--- begin
return { xpcall
(
function (
) return
1
, 2 end ,
print
)
}
--- end
--- begin
return { pcall ( nosuch1
,
nosuch2 ) }
--- end
--- begin
(
x )
. y =
1 return x
--- end
--- begin
local a =
{
}
return a [
1
]
[ 2
]
--- end
--- begin
return 1 ..
2 .. {
}
--- end
--- begin
return
1 .. 2
.. {
}
--- end
--- begin
local t = {}
return t.a
[
1
]
--- end
--- begin
return string.rep('x', 1)
..
{ 1,
2 }
--- end
--- begin
return ('x'):rep(2
) .. {}
--- end
--- begin
return nosuch1
, 2
--- end
--- begin
return 1, nosuch1
, 2
--- end
--- begin
local a, b = nosuch1
, 2
--- end
--- begin
local a = {}
a.x, a.y = nosuch1
, 2
--- end
--- begin
return { nosuch1
, 2 }
--- end
--- begin
return { nosuch1
; }
--- end
--- begin
return { 1, nosuch1
}
--- end
--- begin
return { k = nosuch1
, 2 }
--- end
--- begin
for k, v in nosuch1
, nil do end
--- end
--- begin
local t = {}
return t.a.b
, 1
--- end
--- begin
local t = {}
return { t.a.b
, 1 }
--- end
--- begin
local t = {}
return { [1] = t.a.b
, 1 }
--- end
--- begin
return cjson.encode(nosuch1
, 2)
--- end
