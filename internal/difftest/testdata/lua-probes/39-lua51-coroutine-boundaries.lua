local co=coroutine.create(function() return pcall(coroutine.yield,5) end) local a,b,c=coroutine.resume(co) return {tostring(a),tostring(b),tostring(c),coroutine.status(co)}
local co=coroutine.create(function() local ok=pcall(function() coroutine.yield(5) end) return 'done' end) local a,b=coroutine.resume(co) local c,d=coroutine.resume(co) return {tostring(a),tostring(b),tostring(c),tostring(d)}
local co=coroutine.create(function() string.gsub('a','.',function() coroutine.yield(1) end) end) local a,b=coroutine.resume(co) return {tostring(a),tostring(b)}
local co=coroutine.create(function() table.sort({3,2,1}, function(a,b) coroutine.yield(1) return a<b end) end) local a,b=coroutine.resume(co) return {tostring(a),tostring(b)}
local co=coroutine.create(function() local t=setmetatable({},{__index=function() coroutine.yield(1) return 2 end}) return t.x end) local a,b=coroutine.resume(co) return {tostring(a),tostring(b)}
local co=coroutine.create(function() for k in function() coroutine.yield(1) return nil end do end return 'x' end) local a,b=coroutine.resume(co) return {tostring(a),tostring(b)}
local co=coroutine.create(function() local a = coroutine.yield(1) return a*2 end) local a,b=coroutine.resume(co) local c,d=coroutine.resume(co, 21) return {tostring(a),tostring(b),tostring(c),tostring(d)}
return coroutine.yield(1)
return {pcall(coroutine.yield,1)}
local co=coroutine.wrap(function() error('boom') end) co()
local co=coroutine.wrap(function() error('boom',0) end) co()
local co=coroutine.wrap(function() error(5) end) co()
local co=coroutine.wrap(function() local x = nil + 1 end) co()
return {pcall(coroutine.create,1)}
return {pcall(coroutine.create,print)}
local co=coroutine.wrap(function() error('boom') end) return {pcall(co)}
local co=coroutine.wrap(function() coroutine.yield(1) end) co() co() return co()
local co=coroutine.create(function() local t=setmetatable({},{__tostring=function() coroutine.yield(1) return 'a' end}) return tostring(t) end) local a,b=coroutine.resume(co) return {tostring(a),tostring(b)}
local co=coroutine.create(function() local t=setmetatable({},{__add=function() coroutine.yield(1) return 1 end}) return t+1 end) local a,b=coroutine.resume(co) return {tostring(a),tostring(b), coroutine.status(co)}
local co2 local co=coroutine.create(function() pcall(function() co2=coroutine.create(function() coroutine.yield(7) return 8 end) end) local a,b=coroutine.resume(co2) coroutine.yield(b) local c,d=coroutine.resume(co2) return d end) local a,b=coroutine.resume(co) local c,d=coroutine.resume(co) return {tostring(a),tostring(b),tostring(c),tostring(d)}
