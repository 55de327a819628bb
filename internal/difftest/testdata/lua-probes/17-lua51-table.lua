return #'a\0b'
return table.concat({1, 2, 3}, ', ')
return table.concat({1, 2, 3}, ', ', 2)
return table.concat({1, 2, 3}, ', ', 2, 3)
return table.concat({1, 2, 3}, ', ', 3, 2)
return table.concat({1, {}, 3})
return table.concat({1, nil, 3})
return table.concat({}, 'x')
return table.concat({1.5, 2^53, -0})
return table.concat({'a','b'}, 1)
return table.concat({'a','b'}, nil)
local t = {1,2,3} table.insert(t, 4) return t
local t = {1,2,3} table.insert(t, 1, 0) return t
local t = {1,2,3} table.insert(t, 10, 0) return t
local t = {1,2,3} table.insert(t, 0, 0) return t
local t = {1,2,3} table.insert(t, 1, 2, 3) return t
local t = {1,2,3} table.insert(t) return t
local t = {1,2,3} return {table.remove(t), t[1], t[2], t[3]}
local t = {1,2,3} return {table.remove(t, 1), t[1], t[2], t[3]}
local t = {} return {table.remove(t)}
local t = {1,2,3} return {table.remove(t, 10)}
local t = {1,2,3} return {table.remove(t, 0)}
local t = {3,1,2} table.sort(t) return t
local t = {3,1,2} table.sort(t, function(a,b) return a > b end) return t
local t = {'b','a','C'} table.sort(t) return t
local t = {1,'a'} table.sort(t) return t
local t = {1,2,3,4,5,6,7,8,9,10,11,12,13,14,15} table.sort(t, function(a,b) return true end) return t
local t = {3,1,2} table.sort(t, 1) return t
local t = {5,2,8,1,9,3,7,4,6,0} table.sort(t, function(a, b) return a % 3 < b % 3 end) return t
return table.getn({1,2,3})
return table.maxn({1,2,nil,4})
return table.maxn({[1.5]=1, [10]=2})
return table.maxn({})
return type(table.setn)
return table.setn({}, 1)
return type(table.foreach)
local t = {} table.foreach({a=1}, function(k,v) t[#t+1]=k end) return t
local s = 0 table.foreachi({1,2,3}, function(i,v) s = s + v end) return s
return #{1, 2, nil, 4}
return #{nil, nil, 3}
return #{1, nil}
return select('#', 1, nil, nil)
return type(table.pack)
return type(table.unpack)
return {pcall(table.concat, 1)}
return {pcall(table.insert, 1, 2)}
return {pcall(table.sort, {1, 'x'})}
return {pcall(function() return #5 end)}
local t = setmetatable({}, {__len=function() return 42 end}) return #t
local t = {} for i = 1, 3 do t[i] = i end for i = 3, 1, -1 do t[#t+1] = i end return t
local t = {} for i = 1, 2, 0.5 do t[#t+1] = tostring(i) end return t
local t = {} for i = 1.0, 3 do t[#t+1] = i end return t
local t = {} for i = 10, 1 do t[#t+1] = i end return #t
local t = {} for k, v in ipairs({1, 2, nil, 4}) do t[#t+1] = v end return t
local t = {} for k, v in pairs({10, 20, 30}) do t[#t+1] = k end return t
local t = {} t[1]=1 t[2]=2 t[4]=4 return #t
local t = {nil, nil, nil, 4} return #t
local t = {10, 20, 30, nil, 50} return #t
local t = {n = 1, 1, 2, nil, nil, 5} return #t
return #KEYS + #ARGV
return select('#', 1, 2, 3)
return select('#')
return select('#x', 1, 2)
local t = {1,2,3} table.insert(t, 2, 'x') return t
local t = {1,2,3} table.insert(t, 5, 'x') return {t[4] == nil, t[5]}
local t = {1,2,3} table.insert(t, '2', 'x') return t
local t = {} table.insert(t, 'a') table.insert(t, 'b') return t
return {pcall(table.insert, {}, 1, 2, 3)}
return {pcall(table.insert, nil, 1)}
return {pcall(table.insert, {}, 'x', 1)}
local t = {'a','b','c'} return {table.remove(t, 2), t[1], t[2], t[3]}
local t = {'a','b','c'} return {table.remove(t, 3), #t}
local t = {'a','b','c'} return {table.remove(t, 4), #t}
local t = {'a','b','c'} return {table.remove(t, -1), #t}
local t = {'a','b','c'} return {table.remove(t, '1'), #t}
return {pcall(table.remove)}
return {pcall(table.remove, {}, 'x')}
return table.concat({'a', 'b', 'c'}, ', ', 1, 2)
return table.concat({'a', 'b', 'c'}, '', 2, 2)
return table.concat({1, 2.5, 'x'})
return table.concat({}, ',', 1, 0)
return {pcall(table.concat, {}, ',', 1, 1)}
return {pcall(table.concat, {true})}
return {pcall(table.concat, {1, 2}, {})}
return table.concat({'a','b'}, 0.5)
return table.concat({'a','b','c'}, ',', '2')
local t = {5,1,4,2,3} table.sort(t) return t
local t = {'b','c','a','B'} table.sort(t) return t
local t = {5,1,4,2,3} table.sort(t, function(a, b) return a > b end) return t
local t = {3,1,2} table.sort(t, nil) return t
local t = {} table.sort(t) return t
local t = {1} table.sort(t) return t
local t = {2, 1} table.sort(t) return t
local t = {3, 2, 1} table.sort(t) return t
local t = {4,3,2,1} table.sort(t, function(a, b) return false end) return t
local t = {1,2,3,4,5,6} table.sort(t, function(a, b) return true end) return t
local t = {} for i = 1, 30 do t[i] = (i * 7) % 11 end table.sort(t) return t
local t = {} for i = 1, 30 do t[i] = (i * 7) % 11 end table.sort(t, function(a, b) return a >= b end) return t
local t = {} for i = 1, 20 do t[i] = (i * 13) % 7 end table.sort(t, function(a, b) return a <= b end) return t
local t = {} for i = 1, 25 do t[i] = {k = (i * 5) % 4, i = i} end table.sort(t, function(a, b) return a.k < b.k end) local r = {} for i = 1, 25 do r[i] = t[i].i end return r
return {pcall(table.sort, {1, 'a', 2})}
return {pcall(table.sort, {{}, {}})}
return {pcall(table.sort, {1, 2}, 'x')}
return {pcall(table.sort, 'x')}
local t = {3, 1, 2} table.sort(t, function(a, b) error('cmp') end) return t
return table.getn({1, 2, 3, nil})
return {pcall(table.getn, 'x')}
return table.maxn({1, 2, [7.5] = 1, x = 20})
return table.maxn({[-3] = 1})
local r = table.foreachi({10, 20, 30}, function(i, v) if v == 20 then return i end end) return r
local r = table.foreach({a = 1}, function(k, v) return k .. v end) return r
return {pcall(table.foreach, {}, 1)}
return {pcall(table.setn, {}, 1)}
local t = setmetatable({1, 2, 3}, {__len = function() return 99 end}) return #t
return #setmetatable({}, {__index = function() return 1 end})
