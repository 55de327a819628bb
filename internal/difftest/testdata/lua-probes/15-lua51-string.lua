return string.rep('ab', 3)
return string.rep('ab', 0)
return string.rep('ab', -1)
return string.rep('ab', 2.7)
return string.rep('', 1e8)
return string.sub('hello', 2, 4)
return string.sub('hello', -3)
return string.sub('hello', 0)
return string.sub('hello', 10)
return string.sub('hello', 3, 2)
return string.sub('hello', -100, 100)
return string.sub('hello', 2.9, 3.1)
return string.sub('hello', '2')
return string.sub('hello', 'x')
return string.sub('hello')
return {string.byte('ABC', 1, 3)}
return {string.byte('ABC', -1)}
return {string.byte('ABC', 10)}
return {string.byte('')}
return {string.byte('\255')}
return string.char(72, 105)
return string.char()
return string.char(256)
return string.char(-1)
return string.char('65')
return string.char(65.9)
return string.upper('abcÿé')
return string.lower('ABC\192')
return string.len('a\0b')
return string.reverse('abc')
return string.reverse('')
return ('x'):rep(3)
return (5):rep(2)
return string.len(123)
return string.len()
return type(string.gfind)
return string.sub(tostring({}), 1, 7)
return string.sub(tostring(print), 1, 10)
return {pcall(string.rep)}
return {pcall(string.sub)}
return {pcall(string.rep, 'x', 'y')}
return {pcall(string.char, 'x')}
return {pcall(string.byte, 'x', 'y')}
return {pcall(function() string.nope() end)}
return {pcall(function() ('x'):nope() end)}
return {pcall(function() string.x = 1 end)}
return {pcall(string.rep, 'x', -1)}
return string.rep('x', '3')
return string.rep(5, 2)
return string.rep('ab', 2^32 + 1)
return string.sub('hello', 2^32 + 2)
return string.sub('hello', 2, '3')
return string.byte('A', '1')
return {string.byte('hello', 2, 4)}
return {string.byte('hello', -3, -1)}
return {string.byte('hello', 0, 2)}
return {string.byte('hello', 4, 2)}
return string.char(0, 255) == '\0\255'
return {pcall(string.char, 256)}
return {pcall(string.char, nil)}
return string.upper('hello World 123 !')
return string.lower('\200ABC')
return string.reverse('a\0b')
return string.len('\0\0\0')
return {pcall(string.len, nil)}
return {pcall(string.len, {})}
return string.len(12.5)
