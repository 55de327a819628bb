-- each probe starts from no keys: a hash holding a value of more than
-- 64 bytes is a hash table in Redis, whose HGETALL order is seeded at
-- random when the server starts

redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e308'), pcall(redis.call, 'incrbyfloat', 'k', '+3'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e'), pcall(redis.call, 'incrbyfloat', 'k', '0.2'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', 'abc'), pcall(redis.call, 'incrbyfloat', 'k', '10.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '-1.5'), pcall(redis.call, 'incrbyfloat', 'k', '-0'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '123456789.123456789'), pcall(redis.call, 'incrbyfloat', 'k', '-.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', ' 1'), pcall(redis.call, 'incrbyfloat', 'k', '10.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e4000'), pcall(redis.call, 'incrbyfloat', 'k', '0x'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e-10'), pcall(redis.call, 'incrbyfloat', 'k', '0.0000001'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '10.5'), pcall(redis.call, 'incrbyfloat', 'k', '0.1'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1.0'), pcall(redis.call, 'incrbyfloat', 'k', 'inf'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e-300'), pcall(redis.call, 'incrbyfloat', 'k', '0'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e4000'), pcall(redis.call, 'incrbyfloat', 'k', '-0'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '3'), pcall(redis.call, 'incrbyfloat', 'k', '0.3333333333333333333'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', 'nan'), pcall(redis.call, 'incrbyfloat', 'k', '0.3333333333333333333'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0.3333333333333333333'), pcall(redis.call, 'incrbyfloat', 'k', '0.1'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0.1'), pcall(redis.call, 'incrbyfloat', 'k', '1.0'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1.0'), pcall(redis.call, 'incrbyfloat', 'k', '-0'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '-0'), pcall(redis.call, 'incrbyfloat', 'k', '0x10'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '.5'), pcall(redis.call, 'incrbyfloat', 'k', '5.0e3'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0x'), pcall(redis.call, 'incrbyfloat', 'k', '1.0'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0'), pcall(redis.call, 'incrbyfloat', 'k', '5.0e3'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e4000'), pcall(redis.call, 'incrbyfloat', 'k', '0x1.8p1'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0.2'), pcall(redis.call, 'incrbyfloat', 'k', '-.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', 'inf'), pcall(redis.call, 'incrbyfloat', 'k', '-0'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e17'), pcall(redis.call, 'incrbyfloat', 'k', '1e308'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '3'), pcall(redis.call, 'incrbyfloat', 'k', '5.'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0x1.8p1'), pcall(redis.call, 'incrbyfloat', 'k', '3.14159265358979323846'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0.1'), pcall(redis.call, 'incrbyfloat', 'k', '5.'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '3'), pcall(redis.call, 'incrbyfloat', 'k', '0x1.8p1'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '+3'), pcall(redis.call, 'incrbyfloat', 'k', '0x1.8p1'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', ' 1'), pcall(redis.call, 'incrbyfloat', 'k', '.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0'), pcall(redis.call, 'incrbyfloat', 'k', ' 1'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', ' 1'), pcall(redis.call, 'incrbyfloat', 'k', '0'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '-1.5'), pcall(redis.call, 'incrbyfloat', 'k', '1e308'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0.2'), pcall(redis.call, 'incrbyfloat', 'k', '+3'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e5000'), pcall(redis.call, 'incrbyfloat', 'k', '0.2'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '99999999999999999999'), pcall(redis.call, 'incrbyfloat', 'k', 'inf'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '-.5'), pcall(redis.call, 'incrbyfloat', 'k', '1e4000'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '3.14159265358979323846'), pcall(redis.call, 'incrbyfloat', 'k', '0.1'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', 'nan'), pcall(redis.call, 'incrbyfloat', 'k', '1.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0'), pcall(redis.call, 'incrbyfloat', 'k', '5.0e3'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '123456789.123456789'), pcall(redis.call, 'incrbyfloat', 'k', '10.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', 'abc'), pcall(redis.call, 'incrbyfloat', 'k', '+3'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', ''), pcall(redis.call, 'incrbyfloat', 'k', '+3'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e'), pcall(redis.call, 'incrbyfloat', 'k', '1e308'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', 'abc'), pcall(redis.call, 'incrbyfloat', 'k', '1e-10'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '3.14159265358979323846'), pcall(redis.call, 'incrbyfloat', 'k', '-.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0x10'), pcall(redis.call, 'incrbyfloat', 'k', '1.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '-inf'), pcall(redis.call, 'incrbyfloat', 'k', '1e10'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1.0'), pcall(redis.call, 'incrbyfloat', 'k', '5.'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', ''), pcall(redis.call, 'incrbyfloat', 'k', '-.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e17'), pcall(redis.call, 'incrbyfloat', 'k', '5.'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e-300'), pcall(redis.call, 'incrbyfloat', 'k', '0x'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e10'), pcall(redis.call, 'incrbyfloat', 'k', '0x1.8p1'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '.5'), pcall(redis.call, 'incrbyfloat', 'k', '0x1.8p1'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0'), pcall(redis.call, 'incrbyfloat', 'k', '1e10'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e17'), pcall(redis.call, 'incrbyfloat', 'k', '0x1.8p1'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', ' 1'), pcall(redis.call, 'incrbyfloat', 'k', '-0'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '-1.5'), pcall(redis.call, 'incrbyfloat', 'k', '1e10'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0x'), pcall(redis.call, 'incrbyfloat', 'k', '1e5000'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1.5'), pcall(redis.call, 'incrbyfloat', 'k', '10.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '+3'), pcall(redis.call, 'incrbyfloat', 'k', '1e308'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', 'abc'), pcall(redis.call, 'incrbyfloat', 'k', 'inf'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e17'), pcall(redis.call, 'incrbyfloat', 'k', '-1.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1.5'), pcall(redis.call, 'incrbyfloat', 'k', '1 '), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '5.'), pcall(redis.call, 'incrbyfloat', 'k', '1.0'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0.3333333333333333333'), pcall(redis.call, 'incrbyfloat', 'k', '0.0000001'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0.3333333333333333333'), pcall(redis.call, 'incrbyfloat', 'k', 'inf'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e-10'), pcall(redis.call, 'incrbyfloat', 'k', '-0'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '-inf'), pcall(redis.call, 'incrbyfloat', 'k', '-.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e17'), pcall(redis.call, 'incrbyfloat', 'k', '-1.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', 'inf'), pcall(redis.call, 'incrbyfloat', 'k', '0x10'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e17'), pcall(redis.call, 'incrbyfloat', 'k', 'abc'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '-0'), pcall(redis.call, 'incrbyfloat', 'k', '1e'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', 'abc'), pcall(redis.call, 'incrbyfloat', 'k', '1 '), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '.5'), pcall(redis.call, 'incrbyfloat', 'k', ' 1'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e-300'), pcall(redis.call, 'incrbyfloat', 'k', '0x10'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', ' 1'), pcall(redis.call, 'incrbyfloat', 'k', '1e5000'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e17'), pcall(redis.call, 'incrbyfloat', 'k', '123456789.123456789'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e4000'), pcall(redis.call, 'incrbyfloat', 'k', '0x'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0'), pcall(redis.call, 'incrbyfloat', 'k', '1 '), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '5.'), pcall(redis.call, 'incrbyfloat', 'k', '0'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e10'), pcall(redis.call, 'incrbyfloat', 'k', '1 '), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e-300'), pcall(redis.call, 'incrbyfloat', 'k', ''), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '99999999999999999999'), pcall(redis.call, 'incrbyfloat', 'k', ''), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '-.5'), pcall(redis.call, 'incrbyfloat', 'k', '3'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '+3'), pcall(redis.call, 'incrbyfloat', 'k', '3.14159265358979323846'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1.5'), pcall(redis.call, 'incrbyfloat', 'k', '0x1.8p1'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '-.5'), pcall(redis.call, 'incrbyfloat', 'k', '99999999999999999999'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e-300'), pcall(redis.call, 'incrbyfloat', 'k', '1 '), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e308'), pcall(redis.call, 'incrbyfloat', 'k', '0x10'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '5.'), pcall(redis.call, 'incrbyfloat', 'k', '0'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '3.14159265358979323846'), pcall(redis.call, 'incrbyfloat', 'k', '0.1'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', ' 1'), pcall(redis.call, 'incrbyfloat', 'k', '99999999999999999999'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e308'), pcall(redis.call, 'incrbyfloat', 'k', '.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e-300'), pcall(redis.call, 'incrbyfloat', 'k', 'abc'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0x10'), pcall(redis.call, 'incrbyfloat', 'k', ''), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '+3'), pcall(redis.call, 'incrbyfloat', 'k', '+3'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e-300'), pcall(redis.call, 'incrbyfloat', 'k', '+3'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', 'inf'), pcall(redis.call, 'incrbyfloat', 'k', '+3'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0'), pcall(redis.call, 'incrbyfloat', 'k', 'nan'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '-.5'), pcall(redis.call, 'incrbyfloat', 'k', '5.'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e'), pcall(redis.call, 'incrbyfloat', 'k', '1e17'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e'), pcall(redis.call, 'incrbyfloat', 'k', '-0'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '5.0e3'), pcall(redis.call, 'incrbyfloat', 'k', '-.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', ' 1'), pcall(redis.call, 'incrbyfloat', 'k', '0x10'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e10'), pcall(redis.call, 'incrbyfloat', 'k', 'inf'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '-0'), pcall(redis.call, 'incrbyfloat', 'k', '3.14159265358979323846'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e'), pcall(redis.call, 'incrbyfloat', 'k', 'inf'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0x1.8p1'), pcall(redis.call, 'incrbyfloat', 'k', '99999999999999999999'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e-300'), pcall(redis.call, 'incrbyfloat', 'k', '0.2'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '5.0e3'), pcall(redis.call, 'incrbyfloat', 'k', '-0'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '3.14159265358979323846'), pcall(redis.call, 'incrbyfloat', 'k', 'nan'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0'), pcall(redis.call, 'incrbyfloat', 'k', '2.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0'), pcall(redis.call, 'incrbyfloat', 'k', '1.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', ' 1'), pcall(redis.call, 'incrbyfloat', 'k', '2.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '-0'), pcall(redis.call, 'incrbyfloat', 'k', '-1.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0.3333333333333333333'), pcall(redis.call, 'incrbyfloat', 'k', '123456789.123456789'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '.5'), pcall(redis.call, 'incrbyfloat', 'k', '0'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', ' 1'), pcall(redis.call, 'incrbyfloat', 'k', '5.0e3'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '99999999999999999999'), pcall(redis.call, 'incrbyfloat', 'k', '1.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', 'inf'), pcall(redis.call, 'incrbyfloat', 'k', 'abc'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '+3'), pcall(redis.call, 'incrbyfloat', 'k', '1e4000'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '3'), pcall(redis.call, 'incrbyfloat', 'k', '3.14159265358979323846'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1.0'), pcall(redis.call, 'incrbyfloat', 'k', '10.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '-.5'), pcall(redis.call, 'incrbyfloat', 'k', '0.1'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '+3'), pcall(redis.call, 'incrbyfloat', 'k', '1e5000'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e-300'), pcall(redis.call, 'incrbyfloat', 'k', 'inf'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '123456789.123456789'), pcall(redis.call, 'incrbyfloat', 'k', '99999999999999999999'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '-.5'), pcall(redis.call, 'incrbyfloat', 'k', '1.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '99999999999999999999'), pcall(redis.call, 'incrbyfloat', 'k', '0x1.8p1'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e-10'), pcall(redis.call, 'incrbyfloat', 'k', '0x10'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0x'), pcall(redis.call, 'incrbyfloat', 'k', ''), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '5.'), pcall(redis.call, 'incrbyfloat', 'k', '3.14159265358979323846'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0x10'), pcall(redis.call, 'incrbyfloat', 'k', '+3'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0.3333333333333333333'), pcall(redis.call, 'incrbyfloat', 'k', 'inf'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', 'inf'), pcall(redis.call, 'incrbyfloat', 'k', '0.0000001'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0x'), pcall(redis.call, 'incrbyfloat', 'k', '-.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', 'abc'), pcall(redis.call, 'incrbyfloat', 'k', '1e17'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '-0'), pcall(redis.call, 'incrbyfloat', 'k', '1e4000'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0.0000001'), pcall(redis.call, 'incrbyfloat', 'k', ' 1'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '5.0e3'), pcall(redis.call, 'incrbyfloat', 'k', '0.3333333333333333333'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e10'), pcall(redis.call, 'incrbyfloat', 'k', '+3'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0.1'), pcall(redis.call, 'incrbyfloat', 'k', '1e4000'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e-10'), pcall(redis.call, 'incrbyfloat', 'k', '.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0.0000001'), pcall(redis.call, 'incrbyfloat', 'k', '0x'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '1e17'), pcall(redis.call, 'incrbyfloat', 'k', '.5'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '0.0000001'), pcall(redis.call, 'incrbyfloat', 'k', '1e4000'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '-inf'), pcall(redis.call, 'incrbyfloat', 'k', '-inf'), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'set', 'k', '2.5'), pcall(redis.call, 'incrbyfloat', 'k', '1 '), pcall(redis.call, 'get', 'k')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0x10'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', ' 1'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e4000'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1e4000'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '-0'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1e308'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0x1.8p1'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1 '), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e308'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', 'inf'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0.2'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '.5'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0x1.8p1'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1 '), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0x10'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1e17'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', ' 1'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0.2'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '123456789.123456789'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', 'nan'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '10.5'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0x10'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1.5'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0.3333333333333333333'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e5000'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0.1'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', ' 1'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0x'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '99999999999999999999'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1e-300'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '10.5'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', ' 1'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1.5'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '10.5'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1 '), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1e-300'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e17'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0x10'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0x10'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1 '), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', ' 1'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1e'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '123456789.123456789'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0.2'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0.3333333333333333333'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0x1.8p1'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0x10'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0x'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '5.'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0x10'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0.2'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', 'abc'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '+3'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '-.5'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '3.14159265358979323846'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0.3333333333333333333'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1.5'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0.1'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1e308'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '99999999999999999999'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', 'abc'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e-10'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0x'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '5.0e3'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0.1'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '-inf'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '-inf'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0.0000001'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', ' 1'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e4000'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', ' 1'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e5000'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '5.0e3'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0x10'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', 'abc'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '3'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0x1.8p1'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0.1'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '-inf'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '3.14159265358979323846'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0x10'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', ' 1'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0x1.8p1'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e17'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '-0'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', ' 1'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '99999999999999999999'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1 '), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '5.'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0x'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1e17'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '-inf'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '3.14159265358979323846'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0x'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '-1.5'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '3'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '2.5'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e-300'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1e10'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '3'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0.2'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '5.'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '-inf'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '3'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1e5000'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1 '), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '-1.5'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '123456789.123456789'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '123456789.123456789'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '2.5'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '123456789.123456789'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0.3333333333333333333'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0x10'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', 'nan'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1e17'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', 'inf'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '-0'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '3'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1.0'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1.5'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '99999999999999999999'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e-10'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1e4000'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '3'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1e-300'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '-1.5'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0.0000001'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0.0000001'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '123456789.123456789'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e5000'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0.3333333333333333333'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0.1'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '-inf'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e10'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '.5'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1 '), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1 '), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '+3'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '-.5'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '-1.5'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0.3333333333333333333'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0x10'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1e17'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0.0000001'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', ''), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0x10'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '99999999999999999999'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '99999999999999999999'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '2.5'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e308'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '3'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '99999999999999999999'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '10.5'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e308'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0x10'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0.3333333333333333333'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '10.5'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '-.5'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', 'abc'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1e4000'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0.3333333333333333333'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0.2'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '5.'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e10'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0.0000001'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1.5'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1e10'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '123456789.123456789'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', ''), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', 'abc'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '10.5'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e4000'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', 'abc'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', ' 1'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '.5'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e-10'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1e'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '0.2'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0x'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e4000'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '-1.5'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e17'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '-inf'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '2.5'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '123456789.123456789'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e10'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '1 '), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1.0'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0.3333333333333333333'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '1e4000'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '+3'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '10.5'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '0x10'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hset', 'h', 'f', '5.'), pcall(redis.call, 'hincrbyfloat', 'h', 'f', '+3'), pcall(redis.call, 'hget', 'h', 'f')}
redis.call('del', 'k', 'h', 'n', 'l') return {redis.call('incrbyfloat', 'n', '0.1'), redis.call('incrbyfloat', 'n', '0.2'), redis.call('incrbyfloat', 'n', '-0.3')}
redis.call('del', 'k', 'h', 'n', 'l') return {redis.call('set', 'n', 1, 'PX', 5000), redis.call('incrbyfloat', 'n', '1.5'), redis.call('pttl', 'n')}
redis.call('del', 'k', 'h', 'n', 'l') return {redis.call('rpush', 'l', 'a'), pcall(redis.call, 'incrbyfloat', 'l', 1)}
redis.call('del', 'k', 'h', 'n', 'l') return {redis.call('rpush', 'l', 'a'), pcall(redis.call, 'hincrbyfloat', 'l', 'f', 1)}
redis.call('del', 'k', 'h', 'n', 'l') return {redis.call('hincrbyfloat', 'h', 'f', '10.5'), redis.call('hincrbyfloat', 'h', 'f', '0.1'), redis.call('hincrbyfloat', 'h', 'g', '-5e3'), redis.call('hgetall', 'h')}
redis.call('del', 'k', 'h', 'n', 'l') return {pcall(redis.call, 'hincrbyfloat', 'h', 'f', 'inf'), redis.call('exists', 'h')}
redis.call('del', 'k', 'h', 'n', 'l') return {redis.call('incrbyfloat', 'n', 1.5), redis.call('incrbyfloat', 'n', 2^-18), redis.call('incrbyfloat', 'n', 1e20)}
redis.call('del', 'k', 'h', 'n', 'l') return {redis.call('set', 'n', '1e4900'), pcall(redis.call, 'incrbyfloat', 'n', '1e4900'), redis.call('incrbyfloat', 'n', '-1e4900')}
redis.call('del', 'k', 'h', 'n', 'l') return {redis.call('set', 'n', '0.000003814697265625'), redis.call('incrbyfloat', 'n', 0)}
redis.call('del', 'k', 'h', 'n', 'l') return {redis.call('set', 'n', '-0.000000000000000001'), redis.call('incrbyfloat', 'n', 0)}
redis.call('del', 'k', 'h', 'n', 'l') return {redis.call('set', 'n', '7'), redis.call('incrbyfloat', 'n', '0x1p-3'), redis.call('incrbyfloat', 'n', '1e-18')}
