local s = '' for k in pairs({x=1, y=2, z=3}) do s = s .. k end return s
local s = '' for k in pairs({alpha=1, beta=2, gamma=3, delta=4, epsilon=5}) do s = s .. k .. ',' end return s
local s = '' local t = {} t.b = 1 t.a = 2 t.c = 3 t.b = nil t.d = 4 for k in pairs(t) do s = s .. k end return s
local s = '' local t = {} for i = 1, 20 do t['k' .. i] = i end for k in pairs(t) do s = s .. k .. ',' end return s
local s = '' for k in pairs({[true]=1, [false]=2}) do s = s .. tostring(k) .. ',' end return s
local s = '' local t = {} t.a = 1 t.b = 2 t.c = 3 for k in pairs(t) do s = s .. k end return s
local s = '' local t = {a = 1, b = 2} t.c = 3 t.d = 4 t.e = 5 for k in pairs(t) do s = s .. k end return s
local s = '' local t = {1, 2, 3, x = 1, y = 2} for k in pairs(t) do s = s .. tostring(k) end return s
local s = '' for k in pairs({10, 20, 30}) do s = s .. k end return s
local s = '' local t = {} t[1] = 1 t[2] = 2 t.x = 3 t[3] = 3 for k in pairs(t) do s = s .. tostring(k) end return s
local s = '' local t = {} t.x = 3 t[1] = 1 t[2] = 2 for k in pairs(t) do s = s .. tostring(k) end return s
local s = '' local t = {} for i = 1, 10 do t[i * 2] = i end for k in pairs(t) do s = s .. k .. ',' end return s
local s = '' local t = {} for i = 1, 10 do t[-i] = i end for k in pairs(t) do s = s .. k .. ',' end return s
local s = '' local t = {} for i = 1, 5 do t[i + 0.5] = i end for k in pairs(t) do s = s .. k .. ',' end return s
local s = '' local t = {name='x', id=1, ttl=2, owner='y'} for k, v in pairs(t) do s = s .. k .. '=' .. v .. ';' end return s
local s = '' local t = {} t.m1 = 1 t.m2 = 2 t.m3 = 3 t.m4 = 4 t.m5 = 5 t.m6 = 6 t.m7 = 7 t.m8 = 8 t.m9 = 9 for k in pairs(t) do s = s .. k .. ',' end return s
local s = '' local k, v = next({a = 1}) return k
local t = {p = 1, q = 2, r = 3} local s = '' local k = next(t) while k do s = s .. k k = next(t, k) end return s
local t = {p = 1, q = 2, r = 3} for k in pairs(t) do t[k] = nil end return next(t) == nil
local s = '' local t = {} for i, c in ipairs({'w', 'x', 'y', 'z'}) do t[c] = i end for k in pairs(t) do s = s .. k end return s
local s = '' local t = redis.call('hgetall', KEYS[1] or 'nokey') for k in pairs(t) do s = s .. k end return s
local s = '' local t = cjson.decode('{"a":1,"b":2,"c":3,"d":4}') for k in pairs(t) do s = s .. k end return s
local s = '' local t = cjson.decode('{"zz":1,"aa":2,"mm":3}') for k in pairs(t) do s = s .. k end return s
local s = '' local t = {} t['lock'] = 1 t['queue'] = 2 t['timeout'] = 3 for k in pairs(t) do s = s .. k .. ',' end return s
