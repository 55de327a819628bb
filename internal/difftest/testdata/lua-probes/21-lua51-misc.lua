return {unpack({1, 2, 3})}
return {unpack({1, 2, 3}, 2)}
return {unpack({1, 2, 3}, 2, 5)}
return {unpack({1, 2, 3}, 3, 1)}
return {unpack()}
return '10' + 5
return '0x10' + 0
return '1e2' * 1
return ' 5 ' + 0
return '5x' + 0
return 10 .. 20
return 1.5 .. ''
return rawlen
return _VERSION
local n = 0 for k, v in pairs({a=1, b=2, c=3, 1, 2}) do n = n + 1 end return n
return os.time()
return os.clock()
return {err='x'}
return {ok='x'}
return {err=1}
return {ok=1}
return {err='x', ok='y'}
return {double=1.5}
return {big_number='1'}
return {map={a=1}}
return {set={a=true}}
return {1, {err='inner'}, 3}
return {1, {ok='inner'}, 3}
