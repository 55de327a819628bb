return rawset(redis, 'x', 1)
return setmetatable(struct, {})
local mt = getmetatable(_G) mt.x = 1
return getmetatable('').__index == string
getmetatable('').x = 1 return 1
return rawget(_G, 'cjson') == cjson
return _G.nothing
x=1
return y
rawset(_G,'x',1)
setmetatable(_G,nil)
