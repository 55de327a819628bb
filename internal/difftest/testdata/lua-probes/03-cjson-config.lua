return cjson.encode_max_depth(2)
return {cjson.encode_sparse_array()}
return {cjson.encode_sparse_array(true, 3, 5)}
return cjson.encode_invalid_numbers('null')
return cjson.encode_invalid_numbers('bad')
return cjson.encode_invalid_numbers(1)
return cjson.encode_number_precision(0)
return cjson.encode_number_precision(15)
return cjson.encode_number_precision(1, 2)
return cjson.encode_keep_buffer(false)
return cjson.decode_invalid_numbers('on')
return cjson.decode_max_depth('x')
local j = cjson.new() j.encode_number_precision(3) return j.encode(1/3) .. cjson.encode(1/3)
local j = cjson.new() j.encode_invalid_numbers(true) return j.encode({1/0, -1/0, 0/0})
local j = cjson.new() j.encode_invalid_numbers('null') return j.encode({1/0, -1/0, 0/0})
local j = cjson.new() j.encode_max_depth(3) return j.encode({{{{}}}})
local j = cjson.new() j.decode_max_depth(3) return j.decode('[[[[1]]]]')
local j = cjson.new() j.decode_invalid_numbers(false) return j.decode('nan')
local j = cjson.new() j.decode_invalid_numbers(false) return j.decode('0x1')
local j = cjson.new() j.encode_sparse_array(true) return j.encode({[1]=1,[20]=2})
local j = cjson.new() j.encode_sparse_array(false, 0) return j.encode({[1]=1,[20]=2})
return cjson.new() == cjson
return cjson.new().null == cjson.null
