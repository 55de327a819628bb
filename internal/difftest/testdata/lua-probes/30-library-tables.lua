local t = {} for k in pairs(string) do t[#t+1] = k end return t
local t = {} for k in pairs(table) do t[#t+1] = k end return t
local t = {} for k in pairs(math) do t[#t+1] = k end return t
local t = {} for k in pairs(coroutine) do t[#t+1] = k end return t
local t = {} for k in pairs(redis) do t[#t+1] = k end return t
local t = {} for k in pairs(getmetatable('')) do t[#t+1] = k end return t
return getmetatable('') == string
return {pcall(function() local t = getmetatable('') t.__index = nil end)}
return type(__redis__err__handler)
return {pcall(function() __redis__err__handler = nil end)}
return {pcall(function() string.x = 1 end)}
return ('abc'):upper()
return getmetatable('').__index == string
return {pcall(setmetatable, getmetatable(''), {})}
