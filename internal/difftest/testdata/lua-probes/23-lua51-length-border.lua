local t = {1,2,3,4,5,6,7,8} t[8] = nil t[4] = nil return #t
local t = {} t[2] = 2 return #t
local t = {} t[1] = 1 t[2] = 2 t[3] = 3 t[5] = 5 return #t
return #{1, 2, nil, 4}
return #{nil, nil, 3}
return #{1, nil}
local t = {nil, nil, nil, 4} return #t
local t = {10, 20, 30, nil, 50} return #t
local t = {n = 1, 1, 2, nil, nil, 5} return #t
local t = {} for i = 1, 10 do t[i] = i end t[5] = nil return #t
local t = {} for i = 1, 10 do t[i] = i end t[10] = nil t[9] = nil return #t
local t = {} for i = 1, 16 do t[i] = i end t[8] = nil return #t
local t = {} for i = 1, 17 do t[i] = i end t[16] = nil return #t
local t = {} t[1] = 1 t[3] = 3 return #t
local t = {} t[1] = 1 t[2] = 2 t[4] = 4 return #t
local t = {} t[4] = 4 t[3] = 3 t[2] = 2 t[1] = 1 return #t
local t = {} t[3] = 3 t[1] = 1 return #t
local t = {1, 2} t[4] = 4 return #t
local t = {1, 2, 3} t[5] = 5 t[6] = 6 return #t
local t = {x = 1} t[1] = 1 t[2] = 2 t[4] = 4 return #t
local t = {1, 2, 3} t[2] = nil return #t
local t = {1, 2, 3} t[3] = nil return #t
local t = {} for i = 1, 100 do t[i] = i end for i = 50, 100 do t[i] = nil end return #t
local t = {} for i = 1, 100 do t[i] = i end t[64] = nil return #t
local t = {} t[100] = 1 return #t
local t = {} t[1] = 1 t[100] = 1 return #t
local t = {} for i = 1, 5 do t[i] = i end t[7] = 7 t[8] = 8 return #t
local t = {1, 2, 3, 4} table.remove(t, 1) return #t
local t = {1, 2, nil, 4} return table.getn(t)
local t = {1, 2, nil, 4} return {unpack(t)}
local t = {} t[1] = 'a' t[2] = 'b' t[4] = 'd' return table.concat(t, ',')
local t = {} t[1] = 1 t[2] = 2 t[4] = 4 table.insert(t, 'x') return {t[3], t[4], t[5]}
return #cjson.decode('[1, null, 3]')
return #cjson.decode('[1, 2, null]')
return #cmsgpack.unpack(cmsgpack.pack({1, 2, 3}))
