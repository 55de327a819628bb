return {pcall(error, 'msg', 1)}
return {pcall(error, 'msg', 2)}
return {pcall(error, 'msg', 3)}
local function f() error('msg', 1) end return {pcall(f)}
local function f() error('msg', 2) end return {pcall(f)}
local function f() error('msg', 3) end return {pcall(f)}
local function g() error('msg', 2) end local function f() g() end return {pcall(f)}
local function g() error('msg', 3) end local function f() g() end return {pcall(f)}
local function f() error('msg', 2) end f()
local function g() error('msg', 3) end local function f() g() end f()
return {pcall(function() local x = nil; return x.y end)}
return {xpcall(error, function(m) return m end)}
return {pcall(pcall, error, 'x', 2)}
return {pcall(string.rep)}
local ok, e = pcall(string.rep) return e
return {pcall(function() string.rep() end)}
local co = coroutine.create(function() error('in co', 2) end) return {coroutine.resume(co)}
