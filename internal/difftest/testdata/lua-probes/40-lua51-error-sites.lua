return loadstring("\n\nreturn redis.call('bogus')")()
return loadstring("error('x')",'named')()
return loadstring("error('x')",'=named')()
return loadstring("error('x')",'@named')()
return string.gsub('a','.', error)
error('a\nb')
local function f() error('x') end return f()
local function f() local y = nil + 1 end return f()
local function g() error('deep', 2) end local function f() return g() end return f()
return redis.call('bogus')
return redis.error_reply('my err')
error({err='tbl'})
local t = setmetatable({}, {__index=function() error('idx') end}) return t.x
table.sort({3,2,1}, function(a,b) error('cmp') end)
local f,e=loadstring(string.rep('a=1;',20)..'x y') return e
local f,e=loadstring(string.rep('a=1;',30)) return {f ~= nil, e}
return pcall(loadstring, string.rep('a',70)..' x')
