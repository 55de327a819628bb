return cmsgpack.pack(1, 2)
return cmsgpack.pack({1,2,3})
return cmsgpack.pack({})
return cmsgpack.pack({a=1,b=2,c=3})
return cmsgpack.pack('abc')
return cmsgpack.pack(string.rep('x', 40))
return cmsgpack.pack(string.rep('x', 300))
return cmsgpack.pack(-1, -32, -33, -128, -129, -32768, -32769, -2^31, -2^31-1, -2^63)
return cmsgpack.pack(127, 128, 255, 256, 65535, 65536, 2^32-1, 2^32, 2^53, 2^63, 2^64)
return cmsgpack.pack(1.5, 0.1, 1/0, -1/0, 0/0, -0)
return cmsgpack.pack(true, false, nil)
return cmsgpack.pack(function() end)
return cmsgpack.pack()
local t = {} t[1] = t return cmsgpack.pack(t)
return cmsgpack.pack({1, nil, 3})
return cmsgpack.pack({[2]=1})
return cmsgpack.pack({x={y={1,2}}, z=false})
return cmsgpack.unpack(cmsgpack.pack({1,2,3}))
return {cmsgpack.unpack(cmsgpack.pack(1,2,3))}
return cmsgpack.unpack('')
return cmsgpack.unpack('\145')
return cmsgpack.unpack('\193')
return cmsgpack.unpack('\196\1a')
return cmsgpack.unpack('\207\255\255\255\255\255\255\255\255')
return cmsgpack.unpack('\211\128\0\0\0\0\0\0\0')
return tostring(cmsgpack.unpack('\203\127\248\0\0\0\0\0\1'))
return cmsgpack.unpack('\129\192\1')
return cmsgpack.unpack('\129\1\192')
return cmsgpack.unpack('\146\192\1')
return {cmsgpack.unpack_one(cmsgpack.pack(1,2,3))}
return {cmsgpack.unpack_one(cmsgpack.pack(1,2,3), 1)}
return {cmsgpack.unpack_one(cmsgpack.pack(1,2,3), 3)}
return {cmsgpack.unpack_one(cmsgpack.pack(1,2,3), 4)}
return {cmsgpack.unpack_one(cmsgpack.pack(1,2,3), -1)}
return {cmsgpack.unpack_limit(cmsgpack.pack(1,2,3), 2)}
return {cmsgpack.unpack_limit(cmsgpack.pack(1,2,3), 0)}
return {cmsgpack.unpack_limit(cmsgpack.pack(1,2,3), 0, 1)}
return {cmsgpack.unpack_limit(cmsgpack.pack(1,2,3), 5, 1)}
return {cmsgpack.unpack_limit(cmsgpack.pack(1,2,3))}
return cmsgpack.unpack({})
return cmsgpack.unpack(12)
return cmsgpack._VERSION
return cjson.encode(cmsgpack.unpack(cmsgpack.pack({b=1,a=2,c={1,2}})))
