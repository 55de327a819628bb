return tostring(string.find('hello world', 'o w'))
return {string.find('hello world', 'o', 6)}
return {string.find('hello', 'l', -2)}
return {string.find('hello', 'l', -100)}
return {string.find('hello', 'l', 100)}
return {string.find('hello', '', 10)}
return {string.find('hello', '', 6)}
return {string.find('a.b', '.', 1, true)}
return {string.find('abc', '(b)(c)')}
return {string.find('abc', '()b()')}
return {string.match('key=val', '(%w+)=(%w+)')}
return {string.match('  trim  ', '^%s*(.-)%s*$')}
return {string.match('x', '(')}
return {string.match('x', '%')}
return {string.match('x', '[a')}
return {string.match('x', '(()')}
return {string.match('x', '%1')}
return {string.match('THE (quick) fox', '%((%a+)%)')}
return {string.match('f(a(b)c)', '%b()')}
return {string.match('THE quick', '%f[%a]%a+', 4)}
return {string.match('hello', '.-')}
return {string.match('aaa', 'a-b')}
return {string.match('aaab', 'a*b')}
return {string.match('x123', '%d+')}
return {string.match('x', '[%a-z]')}
return {string.match('a-z', '[a%-z]+')}
return {string.match(']', '[]]')}
return {string.match('^x', '[%^x]+')}
return {string.match('abc', '[^a]+')}
return {string.match('hello', 'l+', 2)}
return {string.match('hello', '^l+', 3)}
return {string.match('a\0b', 'a%zb')}
return {string.match('abc', '%g')}
return {string.match('AB', '%u%l?')}
return {string.match('x', '%c')}
return {string.match('\t', '%c')}
return {string.match('.,', '%p+')}
return {string.match('fF9', '%x+')}
return {string.gsub('hello world', 'o', '0')}
return {string.gsub('hello world', 'o', '0', 1)}
return {string.gsub('hello', '', '-')}
return {string.gsub('abc', '%w', '%0%0')}
return {string.gsub('abc', '%w', '%1')}
return {string.gsub('abc', '%w', '%2')}
return {string.gsub('abc', '(%w)', '%2')}
return {string.gsub('abc', '%w', '%')}
return {string.gsub('abc', '%w', '%x')}
return {string.gsub('abc', '%w', {a='1', b=true})}
return {string.gsub('abc', '%w', {a=1, b=false})}
return {string.gsub('abc', '%w', {a={}})}
return {string.gsub('abc', '%w', function(c) if c == 'b' then return nil end return c:upper() end)}
return {string.gsub('abc', '%w', function(c) return {} end)}
return {string.gsub('abc', '(a)(b)(c)', '%3%2%1')}
return {string.gsub('hello world', '(%w+)', '<%1>')}
return {string.gsub('abc', '^a', 'x')}
return {string.gsub('aaa', '^a', 'x')}
return {string.gsub('abc', 'b*', '-')}
return {string.gsub('abc', '.', 'x', 0)}
return {string.gsub('abc', '.', 'x', -1)}
return {string.gsub('abc', '.', 'x', 1.5)}
local t = {} for w in string.gmatch('one two three', '%a+') do t[#t+1] = w end return t
local t = {} for k, v in string.gmatch('a=1, b=2', '(%w+)=(%w+)') do t[#t+1] = k .. v end return t
local t = {} for w in string.gmatch('^a^a', '^a') do t[#t+1] = w end return t
local t = {} for w in string.gmatch('abc', '') do t[#t+1] = 'x' end return #t
local t = {} for p in string.gmatch('abc', '()') do t[#t+1] = p end return t
return type(string.gmatch)
return {string.find('abc', 'b', 0)}
return {string.find('abc', 'b', -1)}
return {string.find('abc', 'c', -1)}
return {string.find('', '')}
return {string.find('', 'a')}
return {string.find('abc', '^b')}
return {string.find('abc', '^a')}
return {string.find('aaa', 'a-', 2)}
return {string.find('a+b', '+', 1, true)}
return {string.find('a+b', 'a+b')}
return {string.find('a.b', '%.')}
return {string.find('a\0b', '\0')}
return {string.find('a\0b', '%z')}
return {string.find('a\0b', 'b\0')}
return {string.find('abc', 'b', 2.9)}
return {string.find('abc', 'b', '2')}
return {pcall(string.find, 'abc', 'b', 'x')}
return {string.find('hello world', '(o)(r)')}
return {string.find('hello', '()ll()')}
return {string.match('hello', '(h)(e)(l)(l)(o)')}
return {string.match('2024-01-15', '(%d+)-(%d+)-(%d+)')}
return {string.match('key = value', '^(%w+)%s*=%s*(%w+)$')}
return {string.match('[[nested]]', '%[(%b[])%]')}
return {string.match('foo(bar)baz', '%b()')}
return {string.match('(unbalanced', '%b()')}
return {pcall(string.match, 'x', '%b')}
return {pcall(string.match, 'x', '%b(')}
return {pcall(string.match, 'x', '%f')}
return {pcall(string.match, 'x', '%fa')}
return {string.match('hello world', '%f[%w]%w+', 2)}
return {string.match('THE (quick) fox', '%f[%a]%a+$')}
return {string.match('aaa', '(a)%1')}
return {string.match('abab', '(ab)%1')}
return {pcall(string.match, 'aa', '(a)%2')}
return {pcall(string.match, 'aa', '%1')}
return {pcall(string.match, 'aa', '(a%1)')}
return {string.match('abc', '()b()')}
return {pcall(string.match, 'abc', ')')}
return {pcall(string.match, 'abc', '(()')}
return {pcall(string.match, string.rep('a', 40), string.rep('(a)', 33))}
return {string.match(string.rep('a', 40), string.rep('(a)', 32))}
return {string.match('x', '[]')}
return {pcall(string.match, 'x', '[^]')}
return {string.match(']]', '[]]+')}
return {string.match('a-b', '[a-]+')}
return {string.match('-a', '[-a]+')}
return {string.match('A1b2', '[%u%d]+')}
return {string.match('abc', '[^%a]')}
return {string.match('  x', '%S')}
return {string.match('abc123', '%D+')}
return {string.match('abc', '%A')}
return {string.match('\127\1', '%c+')}
return {string.match('\200\201', '[\200-\210]+')}
return {string.match('\200', '%a')}
return {string.match('\200', '%W')}
return {string.match('a.b', 'a.b')}
return {string.match('a$b', 'a$b')}
return {string.match('ab', 'b$')}
return {string.match('ab$', 'b%$$')}
return {string.match('x^y', 'x^y')}
return {string.match('abc', '.-$')}
return {string.match('abc', '.*b')}
return {string.match('abc', 'a?b')}
return {string.match('bc', 'a?b')}
return {string.match('aaab', 'a+')}
return {string.match('', '.*')}
return {string.match('', '.+')}
return {string.match('abc', '', 4)}
return {string.match('abc', '', 5)}
return {string.match('abc', 'c', -1)}
return {string.gsub('hello world', '%w+', '%0 %0')}
return {string.gsub('hello', 'l', {l='L'})}
return {string.gsub('hello', '(l)(l)', function(a, b) return b .. a end)}
return {string.gsub('abc', '', 'x')}
return {string.gsub('abc', '.', {a=1, b=2.5})}
return {string.gsub('abc', '()', '%1')}
return {string.gsub('abc', '%w', '%%')}
return {string.gsub('abc', 'b', '%0%0%0')}
return {pcall(string.gsub, 'abc', '(b)', '%2')}
return {pcall(string.gsub, 'abc', 'b')}
return {pcall(string.gsub, 'abc', 'b', true)}
return {string.gsub('abc', 'b', 5)}
return {string.gsub('a b c', ' ', '', 1)}
return {string.gsub('a b c', ' ', '', '1')}
return {string.gsub('aaa', 'a*', '-')}
return {string.gsub('a,b,,c', ',', ';')}
return {string.gsub('hello world', 'o', '0', 1.9)}
return {string.gsub('abc', '^', '>')}
return {string.gsub('abc', '$', '<')}
return {string.gsub('x\0y', '%z', 'Z')}
return {string.gsub('x\0y', '\0', 'Z')}
local t = {} for a, b in string.gmatch('k1=v1;k2=v2', '(%w+)=(%w+)') do t[#t+1] = a .. ':' .. b end return t
local t = {} for w in string.gmatch('a1b22c333', '%d+') do t[#t+1] = w end return t
local t = {} for p, w in string.gmatch('ab', '()(.)') do t[#t+1] = p .. w end return t
local t = {} for w in string.gmatch('', '.*') do t[#t+1] = '[' .. w .. ']' end return t
local t = {} for w in string.gmatch('abc', '.-') do t[#t+1] = '[' .. w .. ']' end return t
return select('#', string.gmatch('a', 'a'))
return type(string.gmatch('a', 'a'))
return {pcall(string.gmatch, 'a')}
return {pcall(string.gmatch, 'a', {})}
local f = string.gmatch('a b', '%a') return {f(), f(), f()}
