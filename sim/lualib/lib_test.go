package lualib

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// libCases are Lua snippets and what Redis 7.0.15 answered for them, run
// through the wrapper below on a real redis-server: "ok|result" with pcall's
// ok, the result as tostring gives it, a string with bytes outside
// printable ASCII written as decimal escapes (\\200).
var libCases = []struct{ src, want string }{
	{"return cjson.encode({a=1,b=2,c=3})", "true|{\"a\":1,\"c\":3,\"b\":2}"},
	{"return cjson.encode({x=1,y=2,z=3,w=4,foo='bar'})", "true|{\"y\":2,\"x\":1,\"z\":3,\"w\":4,\"foo\":\"bar\"}"},
	{"return cjson.encode({1,2,3,x=1})", "true|{\"1\":1,\"2\":2,\"3\":3,\"x\":1}"},
	{"return cjson.encode({a=1, [1]=2})", "true|{\"a\":1,\"1\":2}"},
	{"return cjson.encode('a\"b\\\\c/d\\n\\r\\t\\b\\f\\0\\1\\31\\127\\128\\255')", "true|\\34\\97\\92\\34\\98\\92\\92\\99\\92\\47\\100\\92\\110\\92\\114\\92\\116\\92\\98\\92\\102\\92\\117\\48\\48\\48\\48\\92\\117\\48\\48\\48\\49\\92\\117\\48\\48\\49\\102\\92\\117\\48\\48\\55\\102\\128\\255\\34"},
	{"return cjson.encode({0.1, 1/3, -0, 2^53, 1e300, 1e-7, 123456789012345678})", "true|[0.1,0.33333333333333,-0,9.007199254741e+15,1e+300,1e-07,1.2345678901235e+17]"},
	{"return cjson.encode({[1]=1,[2]=2,[4]=4})", "true|[1,2,null,4]"},
	{"return cjson.encode({[1]=1,[20]=2})", "false|user_script:1: Cannot serialise table: excessively sparse array"},
	{"return cjson.encode({[2^40]=1})", "true|{\"1099511627776\":1}"},
	{"return cjson.encode(0/0)", "false|user_script:1: Cannot serialise number: must not be NaN or Inf"},
	{"return cjson.encode({f=function() end})", "false|user_script:1: Cannot serialise function: type not supported"},
	{"return cjson.encode()", "false|user_script:1: bad argument #1 to 'encode' (expected 1 argument)"},
	{"local t = {} t[1] = t return cjson.encode(t)", "false|user_script:1: Cannot serialise, excessive nesting (1001)"},
	{"return cjson.encode(cjson.decode('{\"b\":1,\"a\":2,\"c\":[1,{\"x\":null}]}'))", "true|{\"a\":2,\"c\":[1,{\"x\":null}],\"b\":1}"},
	{"return cjson.decode('\"\\\\ud83d\\\\ude00\\\\u00e9\"')", "true|\\240\\159\\152\\128\\195\\169"},
	{"return cjson.decode('[1,]')", "false|user_script:1: Expected value but found T_ARR_END at character 4"},
	{"return cjson.decode('{\"a\" 1}')", "false|user_script:1: Expected colon but found T_NUMBER at character 6"},
	{"return cjson.decode('\"\\\\ud800\"')", "false|user_script:1: Expected value but found invalid unicode escape code at character 2"},
	{"return cjson.decode('[1]\\0garbage')[1]", "true|1"},
	{"return cjson.decode('\\0[1]')", "false|user_script:1: JSON parser does not support UTF-16 or UTF-32"},
	{"return tostring(cjson.decode('-nan')) .. tostring(cjson.decode('0x10')) .. tostring(cjson.decode('+1'))", "true|-nan161"},
	{"local j = cjson.new() j.encode_invalid_numbers('null') return j.encode({1/0, 0/0})", "true|[null,null]"},
	{"local j = cjson.new() j.encode_sparse_array(true) return j.encode({[1]=1,[20]=2})", "true|{\"1\":1,\"20\":2}"},
	{"return cjson.encode_number_precision(15)", "false|user_script:1: bad argument #1 to 'encode_number_precision' (expected integer between 1 and 14)"},
	{"return bit.tobit(2^32+5) .. ' ' .. bit.tobit(2.5) .. ' ' .. bit.tobit(-2.5) .. ' ' .. bit.tobit(2^60+3)", "true|5 2 -2 0"},
	{"return bit.tohex(255, -4) .. bit.tohex(-1) .. bit.tohex(1, 12)", "true|00FFffffffff00000001"},
	{"return bit.rol(0x12345678, 8) .. ' ' .. bit.arshift(-256, 4) .. ' ' .. bit.bswap(0x12345678) .. ' ' .. bit.lshift(1, 33)", "true|878082066 -16 2018915346 2"},
	{"return bit.band(1, 'x', {})", "false|user_script:1: bad argument #3 to 'band' (number expected, got table)"},
	{"local f = bit.tobit; return f({})", "false|user_script:1: bad argument #1 to 'f' (number expected, got table)"},
	{"return bit.tobit()", "false|user_script:1: bad argument #1 to 'tobit' (number expected, got no value)"},
	{"return struct.pack('>I2<i4bB', 258, -2, 200, -1)", "true|\\1\\2\\254\\255\\255\\255\\200\\255"},
	{"return struct.pack('>L', 2^64) .. struct.pack('>L', 0/0) .. struct.pack('>l', 1e300) .. struct.pack('>L', 2^63)", "true|\\0\\0\\0\\0\\0\\0\\0\\0\\128\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\128\\0\\0\\0\\0\\0\\0\\0"},
	{"return struct.pack('>d<f', 1.5, 1.1)", "true|\\63\\248\\0\\0\\0\\0\\0\\0\\205\\204\\140\\63"},
	{"return struct.pack('!4 b i s c0', 1, 2, 'ab', 'xyz')", "true|\\1\\0\\0\\0\\2\\0\\0\\0\\97\\98\\0\\120\\121\\122"},
	{"return struct.pack('>i10', -1)", "true|\\0\\0\\255\\255\\255\\255\\255\\255\\255\\255"},
	{"return struct.pack('c5', 'abc')", "false|user_script:1: bad argument #3 to 'pack' (string too short)"},
	{"return struct.pack('i33', 1)", "false|user_script:1: integral size 33 is larger than limit of 32"},
	{"return struct.pack('z', 1)", "false|user_script:1: bad argument #1 to 'pack' (invalid format option 'z')"},
	{"return struct.pack('i i', 1)", "false|user_script:1: bad argument #3 to 'pack' (number expected, got nil)"},
	{"return table.concat({struct.unpack('<i4 B c0 s', '\\254\\255\\255\\255\\3abcde\\0')}, ',')", "true|-2,abc,de,12"},
	{"return table.concat({struct.unpack('i9', string.rep('\\255', 9))}, ',')", "true|-1,10"},
	{"return table.concat({struct.unpack('I9', string.rep('\\255', 9))}, ',')", "true|1.844674407371e+19,10"},
	{"return struct.unpack('b', 'abc', 0)", "false|user_script:1: bad argument #3 to 'unpack' (offset must be 1 or greater)"},
	{"return table.concat({struct.unpack('b', 'abc', -1)}, ',')", "false|user_script:1: bad argument #2 to 'unpack' (data string too short)"},
	{"return struct.unpack('c0', 'abcd')", "false|user_script:1: format 'c0' needs a previous size"},
	{"return struct.size('!8 b d') .. struct.size('z')", "true|160"},
	{"return struct.size('s')", "false|user_script:1: bad argument #1 to 'size' (option 's' has no fixed size)"},
	{"return cmsgpack.pack({a=1,b=2,c=3})", "true|\\131\\161\\97\\1\\161\\99\\3\\161\\98\\2"},
	{"return cmsgpack.pack(-1, -33, -129, -32769, -2^31-1, -2^63, 128, 65536, 2^32, 2^63, 2^64)", "true|\\255\\208\\223\\209\\255\\127\\210\\255\\255\\127\\255\\211\\255\\255\\255\\255\\127\\255\\255\\255\\211\\128\\0\\0\\0\\0\\0\\0\\0\\204\\128\\206\\0\\1\\0\\0\\207\\0\\0\\0\\1\\0\\0\\0\\0\\202\\95\\0\\0\\0\\202\\95\\128\\0\\0"},
	{"return cmsgpack.pack(1.5, 0.1, 1/0, 0/0, -0, true, false, nil, function() end)", "true|\\202\\63\\192\\0\\0\\203\\63\\185\\153\\153\\153\\153\\153\\154\\202\\127\\128\\0\\0\\203\\255\\248\\0\\0\\0\\0\\0\\0\\0\\195\\194\\192\\192"},
	{"return cmsgpack.pack(string.rep('x', 40), string.rep('y', 300))", "true|\\217\\40\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\120\\218\\1\\44\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121\\121"},
	{"local t = {} t[1] = t return cmsgpack.pack(t)", "true|\\145\\145\\145\\145\\145\\145\\145\\145\\145\\145\\145\\145\\145\\145\\145\\145\\192"},
	{"return cmsgpack.pack({1, nil, 3})", "true|\\130\\1\\1\\3\\3"},
	{"return cmsgpack.pack(cmsgpack)", "true|\\136\\172\\95\\68\\69\\83\\67\\82\\73\\80\\84\\73\\79\\78\\217\\36\\77\\101\\115\\115\\97\\103\\101\\80\\97\\99\\107\\32\\67\\32\\105\\109\\112\\108\\101\\109\\101\\110\\116\\97\\116\\105\\111\\110\\32\\102\\111\\114\\32\\76\\117\\97\\164\\112\\97\\99\\107\\192\\165\\95\\78\\65\\77\\69\\168\\99\\109\\115\\103\\112\\97\\99\\107\\166\\117\\110\\112\\97\\99\\107\\192\\170\\95\\67\\79\\80\\89\\82\\73\\71\\72\\84\\217\\40\\67\\111\\112\\121\\114\\105\\103\\104\\116\\32\\40\\67\\41\\32\\50\\48\\49\\50\\44\\32\\83\\97\\108\\118\\97\\116\\111\\114\\101\\32\\83\\97\\110\\102\\105\\108\\105\\112\\112\\111\\168\\95\\86\\69\\82\\83\\73\\79\\78\\178\\108\\117\\97\\45\\99\\109\\115\\103\\112\\97\\99\\107\\32\\48\\46\\52\\46\\48\\170\\117\\110\\112\\97\\99\\107\\95\\111\\110\\101\\192\\172\\117\\110\\112\\97\\99\\107\\95\\108\\105\\109\\105\\116\\192"},
	{"return cmsgpack.pack(bit)", "true|\\140\\164\\98\\97\\110\\100\\192\\166\\114\\115\\104\\105\\102\\116\\192\\163\\98\\111\\114\\192\\164\\98\\110\\111\\116\\192\\165\\98\\115\\119\\97\\112\\192\\164\\98\\120\\111\\114\\192\\165\\116\\111\\98\\105\\116\\192\\163\\114\\111\\114\\192\\166\\108\\115\\104\\105\\102\\116\\192\\165\\116\\111\\104\\101\\120\\192\\163\\114\\111\\108\\192\\167\\97\\114\\115\\104\\105\\102\\116\\192"},
	{"return cmsgpack.pack()", "false|user_script:1: bad argument #0 to 'pack' (MessagePack pack needs input.)"},
	{"return table.concat({cmsgpack.unpack('\\207\\255\\255\\255\\255\\255\\255\\255\\255\\211\\128\\0\\0\\0\\0\\0\\0\\0')}, ',')", "true|-1,-9.2233720368548e+18"},
	{"return cmsgpack.unpack('\\145')", "false|user_script:1: Missing bytes in input."},
	{"return cmsgpack.unpack('\\193')", "false|user_script:1: Bad data format in input."},
	{"return cmsgpack.unpack('\\129\\192\\1')", "false|table index is nil"},
	{"return table.concat({cmsgpack.unpack_one(cmsgpack.pack(1,2,3), 1)}, ',')", "true|2,2"},
	{"return table.concat({cmsgpack.unpack_limit(cmsgpack.pack(1,2,3), 2)}, ',')", "true|2,1,2"},
	{"return table.concat({cmsgpack.unpack_limit(cmsgpack.pack(1,2,3), 5, 1)}, ',')", "true|-1,2,3"},
	{"return cmsgpack.unpack_one('abc', -1)", "false|user_script:1: Invalid request to unpack with offset of -1 and limit of 3."},
	{"return tostring(cjson.null) .. type(cjson.null)", "true|userdata: (nil)userdata"},
}

// libWrapper is the Lua that ran each snippet in Redis (ARGV[1] is the
// snippet); the test runs the same in gopher-lua with the libraries open.
const libWrapper = `local function hex(s)
  local ok = true
  for i = 1, #s do local b = s:byte(i) if b < 32 or b > 126 then ok = false end end
  if ok then return s end
  return (s:gsub('.', function(c) return string.format('\\%d', c:byte()) end))
end
local ok, r = pcall(loadstring(ARGV[1], '@user_script'))
if type(r) == 'string' then r = hex(r) else r = tostring(r) end
return tostring(ok) .. '|' .. r
`

func TestLibrariesAgainstRedis(t *testing.T) {
	for _, c := range libCases {
		L := lua.NewState()
		var st State
		Open(L, func() *State { return &st })
		argv := L.NewTable()
		argv.RawSetInt(1, lua.LString(c.src))
		L.SetGlobal("ARGV", argv)
		if err := L.DoString(libWrapper); err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		if got := L.Get(-1).String(); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
		L.Close()
	}
}

// TestStateCarriesCJSONSettings: a setting made by one script holds for the
// next ones on the same server (Redis keeps one Lua state), is copied by
// Clone, and Reset (SCRIPT FLUSH) returns to the defaults.
func TestStateCarriesCJSONSettings(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	var cur *State
	Open(L, func() *State { return cur })
	run := func(st *State, src string) string {
		cur = st
		if err := L.DoString(src); err != nil {
			return err.Error()
		}
		v := L.Get(-1)
		L.Pop(1)
		return v.String()
	}
	var a, b State
	if got := run(&a, "return cjson.encode_number_precision(3)"); got != "3" {
		t.Fatalf("setting the precision returned %s", got)
	}
	if got := run(&a, "return cjson.encode(1/3)"); got != "0.333" {
		t.Errorf("the next script on the same state encodes %s, want 0.333", got)
	}
	if got := run(&b, "return cjson.encode(1/3)"); got != "0.33333333333333" {
		t.Errorf("another server's script encodes %s, want the default precision", got)
	}
	c := a.Clone()
	a.Reset()
	if got := run(&c, "return cjson.encode(1/3)"); got != "0.333" {
		t.Errorf("the clone encodes %s, want 0.333", got)
	}
	if got := run(&a, "return cjson.encode(1/3)"); got != "0.33333333333333" {
		t.Errorf("after Reset: %s, want the default precision", got)
	}
}

// TestRandomIsTheServers: math.random is redisLrand48 from its initial
// state (the first values a fresh redis-server 7.0.15 gives), per server,
// carried through Reset (SCRIPT FLUSH keeps it: it is the process's) and
// copied by Clone, started over by Restart (a new process); math.randomseed
// restarts it as redisSrand48 does.
func TestRandomIsTheServers(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	lua.OpenMath(L)
	L.SetGlobal("math", L.Get(-1))
	var cur *State
	Open(L, func() *State { return cur })
	draw := func(st *State, src string) string {
		cur = st
		if err := L.DoString("return " + src); err != nil {
			return err.Error()
		}
		v := L.Get(-1)
		L.Pop(1)
		return v.String()
	}
	var a, b State
	if got := draw(&a, "math.random(1000) .. ',' .. math.random(1000)"); got != "397,841" {
		t.Fatalf("a fresh server's first draws: %s, want 397,841", got)
	}
	c := a.Clone()
	a.Reset()
	if got := draw(&a, "math.random(1000) .. ',' .. math.random(1000)"); got != "354,447" {
		t.Errorf("after Reset: %s, want the sequence to go on (354,447)", got)
	}
	if got := draw(&c, "math.random(1000)"); got != "354" {
		t.Errorf("the clone draws %s, want 354", got)
	}
	if got := draw(&b, "math.random(1000)"); got != "397" {
		t.Errorf("another server draws %s, want its own first value 397", got)
	}
	if got := draw(&b, "(function() math.randomseed(7) return math.random(1000) end)()"); got != "267" {
		t.Errorf("after randomseed(7): %s, want 267", got)
	}
	a.Restart()
	if got := draw(&a, "math.random(1000)"); got != "397" {
		t.Errorf("after Restart: %s, want a new process's first value 397", got)
	}
}
